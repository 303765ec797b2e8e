import type { Context } from 'koa';

/** The success half of the one wire shape: { success: true, data, meta? }. */
export function ok<T>(ctx: Context, data: T, opts: { status?: number; meta?: Record<string, unknown> } = {}) {
  ctx.status = opts.status ?? 200;
  ctx.body = opts.meta ? { success: true, data, meta: opts.meta } : { success: true, data };
}

/** A success reply already serialized as `{"success":true,"data":...}` (see services/public-campaigns.ts). */
export function okSerialized(ctx: Context, json: string) {
  ctx.status = 200;
  ctx.type = 'application/json';
  ctx.body = json;
}
