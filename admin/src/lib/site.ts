/**
 * Facts about this installation shown on the public pages. The contact address is set at build
 * time (DAIS_CONTACT_EMAIL, see vite.config.ts); example.org is a reserved placeholder domain.
 */
declare const __DAIS_CONTACT_EMAIL__: string;

export const CONTACT_EMAIL: string = typeof __DAIS_CONTACT_EMAIL__ === 'string' ? __DAIS_CONTACT_EMAIL__ : 'contact@example.org';
