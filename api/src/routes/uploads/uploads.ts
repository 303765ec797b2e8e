import type Router from '@koa/router';
import { actorOf } from '../../audit/record';
import { apiRouter } from '../api-router';
import type { Context } from 'koa';
import { LOGO_MESSAGES } from '../../contract';
import type { Deps } from '../../deps';
import { requireAdmin } from '../../auth/guards';
import { assertCampaignExists } from '../../services/campaign-summary';
import { updateCampaign } from '../../commands/update-campaign';
import { AppError } from '../../http/errors';
import { ok } from '../../http/reply';
import { idParams, validate } from '../../http/validate';
import { writeSetting } from '../../services/settings';
import { receiveLogo } from '../../uploads/receive';
import { sniffImage } from '../../uploads/sniff';
import { removeStoredLogo, storeLogo } from '../../uploads/storage';

/**
 * Logo uploads (multipart, field `logo`). Admin only; app.ts refuses cross-origin writes before
 * these run. The file is judged by its content, stored under a random name, and only then is the
 * campaign or setting pointed at it; a failure at any step changes nothing.
 */
export function uploadRoutes({ db, config }: Deps): Router {
  const router = apiRouter();

  /** Receives, checks and stores the logo; `point` records it, and the file goes if that fails. */
  async function acceptLogo(ctx: Context, point: (logoUrl: string) => Promise<unknown>) {
    const bytes = await receiveLogo(ctx);
    const extension = checkedExtension(bytes);
    const logoUrl = await storeLogo(config.uploadDir, bytes, extension);
    try {
      await point(logoUrl);
    } catch (err) {
      await removeStoredLogo(config.uploadDir, logoUrl);
      throw err;
    }
    ok(ctx, { logo_url: logoUrl });
  }

  router.post(
    '/admin/campaigns/:id/upload-logo',
    requireAdmin(db),
    validate({ params: idParams('Campaign id') }, async (ctx, { params }) => {
      // Checked before reading the upload: an unknown campaign costs no bytes and no file.
      await assertCampaignExists(db, params.id);
      // An admin's edit like any other (updated_at, the public copy); a campaign gone meanwhile is a 404.
      await acceptLogo(ctx, (logoUrl) => updateCampaign(db, params.id, { logo_url: logoUrl }, actorOf(ctx)));
    }),
  );

  router.post(
    '/admin/upload-logo',
    requireAdmin(db),
    validate({}, async (ctx) => {
      await acceptLogo(ctx, (logoUrl) => writeSetting(db, 'widget_logo_url', logoUrl, actorOf(ctx)));
    }),
  );

  return router;
}

function checkedExtension(bytes: Uint8Array) {
  const sniffed = sniffImage(bytes);
  if (sniffed.ok) return sniffed.extension;
  switch (sniffed.reason) {
    case 'svg':
      throw new AppError('unsupported_media_type', LOGO_MESSAGES.svg);
    case 'markup':
      throw new AppError(
        'unsupported_media_type',
        `This image also contains web page or script code ("${sniffed.marker}"), so it is refused; ` +
          'export it again from an image editor and upload that copy',
      );
    case 'damaged':
      throw new AppError(
        'unsupported_media_type',
        `This ${sniffed.format} file is damaged or incomplete; export it again and upload the new copy`,
      );
    default:
      throw new AppError('unsupported_media_type', LOGO_MESSAGES.unsupported);
  }
}
