/**
 * What a supporter is told about confirming, in the widget and on the /confirm and /remove pages.
 * Kept apart from the zod schemas of ./confirmation.ts: the widget imports these, and a module with
 * schemas would bring zod into its first load.
 */
export const CONFIRMATION_TEXTS = {
  notFound: 'This link is not valid. Check that you opened the whole link from the e-mail.',
  expired: 'This confirmation link has expired. Sign or submit your letter again to get a new one.',
  /** The widget's thank-you on a campaign that confirms, instead of claiming the signature counts already. */
  signatureInbox: (email: string) =>
    `One more step: we sent an e-mail to ${email}. Open it and follow the link to confirm your signature; it counts once you do.`,
  /** The letter's success screen, likewise. */
  letterInbox: (email: string) =>
    `One more step: look in ${email} for our e-mail and follow its link to confirm your letter; it is counted and delivered once you do.`,
} as const;
