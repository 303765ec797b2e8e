import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOADED_LOGO_PATH, type LogoExtension } from '../contract';

/**
 * Logos live as plain files in config.uploadDir under a random name, so a name reveals nothing
 * and cannot be guessed; the extension comes from the sniffed content, never from the client.
 */
export async function storeLogo(uploadDir: string, bytes: Uint8Array, extension: LogoExtension): Promise<string> {
  await fs.mkdir(uploadDir, { recursive: true });
  const name = `${crypto.randomBytes(16).toString('hex')}.${extension}`;
  // 'wx': never overwrite, even in the astronomically unlikely case of a repeated name.
  await fs.writeFile(path.join(uploadDir, name), bytes, { flag: 'wx', mode: 0o644 });
  return `/uploads/${name}`;
}

/** Removes a logo stored by storeLogo (used when the database write after it fails). */
export async function removeStoredLogo(uploadDir: string, logoUrl: string): Promise<void> {
  const file = storedLogoFile(uploadDir, logoUrl);
  if (file) await fs.rm(file.path, { force: true });
}

/** The file behind an /uploads/<name> path, or null for any path storeLogo could not have made. */
export function storedLogoFile(uploadDir: string, urlPath: string): { path: string; extension: LogoExtension } | null {
  const m = UPLOADED_LOGO_PATH.exec(urlPath);
  if (!m) return null;
  const extension = m[2] as LogoExtension;
  return { path: path.join(uploadDir, `${m[1]}.${extension}`), extension };
}
