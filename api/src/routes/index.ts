import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Deps } from '../deps';
import { campaignRoutes } from './campaigns/campaigns';
import { signatureRoutes } from './signatures/signatures';
import { letterRoutes } from './letters/letters';
import { publicSettingRoutes } from './settings/settings';
import { sessionRoutes } from './sessions/sessions';
import { adminDashboardRoutes } from './admin-dashboard/admin-dashboard';
import { adminCampaignRoutes } from './admin-campaigns/admin-campaigns';
import { deliveryRoutes } from './deliveries/deliveries';
import { adminLetterRoutes } from './admin-letters/admin-letters';
import { adminPacketRoutes } from './admin-packet/admin-packet';
import { adminSupporterRoutes } from './admin-supporters/admin-supporters';
import { adminMessagePointRoutes } from './admin-message-points/admin-message-points';
import { adminSettingRoutes } from './admin-settings/admin-settings';
import { adminMailRoutes } from './admin-mail/admin-mail';
import { adminAuditRoutes } from './admin-audit/admin-audit';
import { adminQuarantineRoutes } from './admin-quarantines/admin-quarantines';
import { adminErasureRoutes } from './admin-erasure/admin-erasure';
import { adminAdminRoutes } from './admin-admins/admin-admins';
import { adminBoundarySetRoutes, BOUNDARY_SET_UPLOAD } from './admin-boundary-sets/admin-boundary-sets';
import { uploadRoutes } from './uploads/uploads';
import { openApiRoutes } from './openapi/openapi';
import { healthRoutes } from './health/health';
import { confirmationRoutes } from './confirmations/confirmations';
import { challengeRoutes } from './challenge/challenge';
import { confirmationPages } from '../confirmations/pages';
import { oauthMiddleware } from '../auth/oauth';
import { webMiddleware } from '../web/web';
import { devMailboxPages } from '../mail/dev-mailbox/routes';

/** Every /api resource, each in its own folder with its schema use, handlers and tests. */
export function apiRouters(d: Deps): Router[] {
  return [
    campaignRoutes(d),
    signatureRoutes(d),
    letterRoutes(d),
    publicSettingRoutes(d),
    sessionRoutes(d),
    adminDashboardRoutes(d),
    adminCampaignRoutes(d),
    deliveryRoutes(d),
    adminLetterRoutes(d),
    adminPacketRoutes(d),
    adminSupporterRoutes(d),
    adminMessagePointRoutes(d),
    adminSettingRoutes(d),
    adminMailRoutes(d),
    adminAuditRoutes(d),
    adminQuarantineRoutes(d),
    adminErasureRoutes(d),
    adminAdminRoutes(d),
    adminBoundarySetRoutes(d),
    uploadRoutes(d),
    openApiRoutes(d),
    healthRoutes(d),
    confirmationRoutes(d),
    challengeRoutes(d),
  ];
}

/**
 * Routes that read their own JSON body, with a larger limit, after their auth guard
 * (http/own-json-body.ts): app.ts's 64 KB parser leaves these alone.
 */
export const ROUTES_WITH_OWN_BODY: readonly { method: string; path: string }[] = [BOUNDARY_SET_UPLOAD];

/** Outside /api: grant's /connect routes, the dev OAuth provider and mailbox, uploads, pages and scripts. */
export function rootMiddleware(d: Deps): Middleware[] {
  return [...oauthMiddleware(d), ...devMailboxPages(d), confirmationPages(d), ...webMiddleware(d)];
}
