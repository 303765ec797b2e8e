import { z } from 'zod';
import { LIMITS } from './limits';

/**
 * Logo uploads (POST /api/admin/campaigns/{id}/upload-logo and POST /api/admin/upload-logo):
 * multipart/form-data with exactly one file in the field `logo`. The admin's file picker checks
 * type and size with logoUploadRequestSchema for a quick answer; the server decides by CONTENT,
 * never by the file's name or declared type.
 */
export const LOGO_FIELD = 'logo';

/** The formats recognised by content, with the extension the stored file gets. */
export const LOGO_FORMATS = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;
export type LogoExtension = keyof typeof LOGO_FORMATS;

/** Where a stored upload is served; campaign.ts logoUrl accepts exactly these paths. */
export const UPLOADED_LOGO_PATH = /^\/uploads\/([a-f0-9]{32})\.(png|jpg|webp|gif)$/;

export const LOGO_MESSAGES = {
  missing: 'Choose an image file to upload (field "logo")',
  empty: 'The chosen file is empty; choose an image file to upload (field "logo")',
  oneFileOnly: 'Upload one image at a time: send a single file, in the field "logo"',
  notMultipart: 'Send the logo as multipart/form-data, with the image in the field "logo"',
  tooLarge: `The logo is larger than ${LIMITS.logoBytes / (1024 * 1024)} MB; choose a smaller image`,
  unsupported: 'Logos must be PNG, JPEG, WebP or GIF images; this file is not one of those',
  svg: 'Logos must be PNG, JPEG, WebP or GIF images; SVG is not accepted because it can carry scripts',
} as const;

export const logoUploadRequestSchema = z.object({
  logo: z
    .file({ error: LOGO_MESSAGES.missing })
    .min(1, LOGO_MESSAGES.empty)
    .max(LIMITS.logoBytes, LOGO_MESSAGES.tooLarge)
    .mime(Object.values(LOGO_FORMATS), LOGO_MESSAGES.unsupported),
});
