import { config } from 'zod';

/**
 * zod compiles object parsers with `new Function` when it can, and probes once whether it can.
 * Under this app's Content-Security-Policy (script-src 'self', no 'unsafe-eval') the browser refuses
 * the probe and reports a CSP violation on every page that loads zod, although zod carries on.
 * jitless skips the probe and the compiler: the parsers interpret, which is ample for forms.
 * main.tsx imports this module before anything else, because zod settles the question as the
 * contract's schemas are built, when their modules load.
 */
config({ jitless: true });
