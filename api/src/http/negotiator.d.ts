/**
 * negotiator 1.x (what koa-compress uses too). @types/negotiator describes 0.6, whose encoding()
 * has no `preferred` option: the server's own order among encodings the client rates equally.
 */
declare module 'negotiator' {
  class Negotiator {
    constructor(req: { headers: Record<string, string | string[] | undefined> });
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
  export = Negotiator;
}
