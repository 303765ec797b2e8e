import type { Context } from 'koa';
import { sendEncodedText, type EncodedText } from './encoding';

/** The success half of the one wire shape: { success: true, data, meta? }. */
export function ok<T>(ctx: Context, data: T, opts: { status?: number; meta?: Record<string, unknown> } = {}) {
  ctx.status = opts.status ?? 200;
  ctx.body = opts.meta ? { success: true, data, meta: opts.meta } : { success: true, data };
}

/**
 * A success reply already serialized as `{"success":true,"data":...}` and kept for many requests
 * (see services/public-campaigns.ts): compressed once per change, not per request.
 */
export function okEncoded(ctx: Context, reply: EncodedText) {
  ctx.status = 200;
  ctx.type = 'application/json';
  sendEncodedText(ctx, reply);
}
