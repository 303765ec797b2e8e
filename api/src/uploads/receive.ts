import { Writable } from 'node:stream';
import formidable, { errors as formidableErrors, multipart } from 'formidable';
import type { Context } from 'koa';
import { LIMITS, LOGO_FIELD, LOGO_MESSAGES } from '../contract';
import { AppError } from '../http/errors';

/** Room for the multipart envelope (boundaries, part headers, a few small fields) around the file. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Reads the one logo file of a multipart/form-data request into memory (at most LIMITS.logoBytes,
 * so nothing is ever written to a temporary file that could be left behind). Only this route
 * parses multipart; app.ts's body parser is JSON-only.
 */
export async function receiveLogo(ctx: Context): Promise<Buffer> {
  if (!ctx.is('multipart/form-data')) throw new AppError('unsupported_media_type', LOGO_MESSAGES.notMultipart);
  const declared = Number(ctx.get('Content-Length'));
  if (declared > LIMITS.logoBytes + ENVELOPE_BYTES) {
    // Answer before reading megabytes we would refuse anyway; the connection is not reused.
    ctx.set('Connection', 'close');
    throw new AppError('payload_too_large', LOGO_MESSAGES.tooLarge);
  }

  // Keyed by formidable's file object: the one it hands the stream handler and later returns.
  const contents = new Map<unknown, Buffer[]>();
  const form = formidable({
    enabledPlugins: [multipart],
    maxFiles: 1,
    maxFileSize: LIMITS.logoBytes,
    maxTotalFileSize: LIMITS.logoBytes,
    // Empty files are reported with our own message below.
    allowEmptyFiles: true,
    minFileSize: 0,
    maxFields: 10,
    maxFieldsSize: 16 * 1024,
    fileWriteStreamHandler: (file) => {
      const chunks: Buffer[] = [];
      contents.set(file, chunks);
      return new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      });
    },
  });

  let parsed: formidable.Files;
  try {
    [, parsed] = await form.parse(ctx.req);
  } catch (err) {
    // formidable stops reading at the first error and may leave the request paused: drain it so
    // the client receives our answer instead of a reset connection, then close that connection
    // rather than keep reading whatever else the client sends.
    ctx.req.resume();
    ctx.set('Connection', 'close');
    throw fromFormidable(err) ?? err;
  }

  const uploaded = Object.entries(parsed).flatMap(([field, list]) => (list ?? []).map((f) => ({ field, f })));
  const logo = uploaded.find((u) => u.field === LOGO_FIELD)?.f;
  if (!logo) throw new AppError('validation_failed', LOGO_MESSAGES.missing, { field: LOGO_FIELD });
  const bytes = Buffer.concat(contents.get(logo) ?? []);
  if (bytes.length === 0) {
    // A browser form submitted without choosing a file sends an empty part with an empty name.
    const message = logo.originalFilename ? LOGO_MESSAGES.empty : LOGO_MESSAGES.missing;
    throw new AppError('validation_failed', message, { field: LOGO_FIELD });
  }
  return bytes;
}

/** The client problems formidable reports, in our words; null for anything else (a 500, logged). */
function fromFormidable(err: unknown): AppError | null {
  const code = (err as { code?: unknown }).code;
  switch (code) {
    case formidableErrors.biggerThanMaxFileSize:
    case formidableErrors.biggerThanTotalMaxFileSize:
      return new AppError('payload_too_large', LOGO_MESSAGES.tooLarge);
    case formidableErrors.maxFilesExceeded:
      return new AppError('validation_failed', LOGO_MESSAGES.oneFileOnly, { field: LOGO_FIELD });
    case formidableErrors.maxFieldsExceeded:
    case formidableErrors.maxFieldsSizeExceeded:
      return new AppError('payload_too_large', 'The form carries too many or too large fields; send only the logo');
    case formidableErrors.missingMultipartBoundary:
    case formidableErrors.malformedMultipart:
    case formidableErrors.missingContentType:
    case formidableErrors.unknownTransferEncoding:
      return new AppError('validation_failed', 'The upload could not be read as multipart/form-data; please try again');
    case formidableErrors.aborted:
      return new AppError('validation_failed', 'The upload was interrupted; please try again');
    default:
      return null;
  }
}
