/**
 * Facts about this installation shown on the public pages. The contact address comes from the
 * server's CONTACT_EMAIL (a <meta name="dais-contact-email"> it adds to this page), else from
 * DAIS_CONTACT_EMAIL at build time (see vite.config.ts); example.org is a reserved placeholder domain.
 */
declare const __DAIS_CONTACT_EMAIL__: string;

const fromServer =
  typeof document === 'undefined'
    ? null
    : document.querySelector<HTMLMetaElement>('meta[name="dais-contact-email"]')?.content || null;

export const CONTACT_EMAIL: string =
  fromServer ?? (typeof __DAIS_CONTACT_EMAIL__ === 'string' ? __DAIS_CONTACT_EMAIL__ : 'contact@example.org');
