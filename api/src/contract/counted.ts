/**
 * Counts in US English, as the clerk's office reads them (the packet, the mail to officials): digits
 * grouped by threes, and the noun that agrees. Supporter-facing counts go through the catalogues
 * (texts/index.ts), which know each language's plural rules.
 */

const US = new Intl.NumberFormat('en-US');

/** 12,345 (one formatter for every call: toLocaleString makes one each time, and a packet counts tens of thousands). */
export const count = (n: number) => US.format(n);

/** '1 letter', '2 letters', '1,200 addresses': the count and the noun that agrees with it. */
export const counted = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;
