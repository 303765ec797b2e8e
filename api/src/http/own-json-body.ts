import type { Context, Middleware, Next } from 'koa';
import { koaBody } from 'koa-body';
import type { FieldIssue } from '../contract';
import { AppError } from './errors';

export interface OwnJsonBodyOptions {
  /** The request's bytes at most (as inflated, when it came compressed). */
  limitBytes: number;
  /** Past the limit: a 400 a person can act on (which field, and what to do), not a bare 413. */
  tooLarge: FieldIssue;
  /** Lists and objects nested deeper than this are refused before anything walks them. */
  maxDepth: number;
  tooDeep: FieldIssue;
}

/**
 * The JSON body of a route whose body may be larger than LIMITS.jsonBodyBytes (an uploaded
 * boundary file). app.ts skips its own parser for such routes (routes/index.ts names them), and
 * the route puts this after its auth guard in its chain: nobody signed out makes the server read
 * megabytes. Such a route takes a value of any shape (a file), so nothing stops one nested 50,000
 * deep before validate()'s control-character walk, which recurses (and JSON.stringify, which does
 * too): a value nested past `maxDepth` is refused here, by a walk that does not.
 */
export function ownJsonBody(o: OwnJsonBodyOptions): Middleware {
  const parse = koaBody({ json: true, jsonLimit: o.limitBytes, urlencoded: false, text: false, multipart: false });
  return async (ctx: Context, next: Next) => {
    try {
      await parse(ctx, async () => {});
    } catch (err) {
      if (!isTooLarge(err)) throw err;
      // Read what is left and drop it, so the client gets this answer rather than a reset connection.
      ctx.req.resume();
      throw refusal(o.tooLarge);
    }
    if (nestsDeeperThan(ctx.request.body, o.maxDepth)) throw refusal(o.tooDeep);
    await next();
  };
}

const refusal = (issue: FieldIssue) => new AppError('validation_failed', issue.message, { field: issue.field || undefined, issues: [issue] });

const isTooLarge = (err: unknown) => {
  const e = err as { type?: string; status?: number; statusCode?: number };
  return e.type === 'entity.too.large' || (e.status ?? e.statusCode) === 413;
};

/** Whether a parsed JSON value nests lists or objects deeper than `max` (the value itself is depth 1). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [object, number][] = isContainer(value) ? [[value, 1]] : [];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [node, depth] = top;
    if (depth > max) return true;
    const children: unknown[] = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) if (isContainer(child)) stack.push([child, depth + 1]);
  }
  return false;
}

const isContainer = (v: unknown): v is object => typeof v === 'object' && v !== null;
