import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * The PDF worker's code (pdf-worker.ts and what it imports) as one ES module, bundled by esbuild
 * the first time this process draws a packet. A worker thread does not inherit the loader that
 * runs the API's TypeScript (tsx hooks the API's own thread only); registering tsx in each worker
 * and compiling its eighty modules one by one cost about 30 MB of the server's memory while a
 * packet is drawn (the bench's 10,000 letters: +155 to +179 MB, bundled +122 to +136 MB). Bundled
 * as the process runs rather than by `npm run build`, so the worker never runs code older than
 * the sources the API runs, tests and mutants included.
 *
 * Packages stay outside the bundle (Node loads them from node_modules, as the API's own thread
 * does), so the file is written where Node resolves them from: the API's node_modules/.cache.
 * Its name is its content's hash, written whole under another name and then renamed, so
 * processes that bundle the same code at the same moment share one complete file (a file a
 * version, 200 KB, left for whichever process still runs that version).
 *
 * The worker's modules import the contract's files one by one, not its index: the index brings
 * zod and every request schema, 12 MB of the worker's memory for a few constants.
 * pdf-worker-bundle.test.ts holds the bundle to that.
 */
const ENTRY = fileURLToPath(new URL('./pdf-worker.ts', import.meta.url));
const CACHE = fileURLToPath(new URL('../../node_modules/.cache/dais/', import.meta.url));

let bundled: Promise<URL> | undefined;

/** The bundled worker's file, made once per process (again after a failure). */
export function pdfWorkerFile(): Promise<URL> {
  bundled ??= bundle().catch((err: unknown) => {
    bundled = undefined;
    throw err;
  });
  return bundled;
}

/** The worker's code as one module, with the source files in it and the packages it leaves to Node. */
export async function bundlePdfWorker(): Promise<{ code: Uint8Array; inputs: string[]; packages: string[] }> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0]!;
  return {
    code: result.outputFiles[0]!.contents,
    inputs: Object.keys(result.metafile.inputs),
    packages: [...new Set(output.imports.filter((i) => i.external && !i.path.startsWith('node:')).map((i) => i.path))].sort(),
  };
}

async function bundle(): Promise<URL> {
  const { code } = await bundlePdfWorker();
  const file = path.join(CACHE, `pdf-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  await fs.mkdir(CACHE, { recursive: true });
  const partial = `${file}.${process.pid}.${Date.now()}.partial`;
  await fs.writeFile(partial, code);
  await fs.rename(partial, file);
  return pathToFileURL(file);
}
