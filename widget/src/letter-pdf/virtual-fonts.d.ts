/**
 * Written by widget/build/letter-fonts-plugin.ts. Each entry: the font's name in the PDF; its url
 * (in a build, the asset next to the chunk, on the Dais origin; under vitest, the cached file, file:);
 * the code points it covers as sorted [first, last] pairs, flattened.
 */
declare module 'virtual:dais-letter-fonts' {
  /** Latin, Vietnamese, Greek, Cyrillic, Hebrew and Arabic, in lookup order. */
  export const LETTER_FONTS: readonly { id: string; url: string; ranges: readonly number[] }[];
}

declare module 'virtual:dais-letter-fonts/cjk' {
  /** Chinese (with Japanese kana and Korean hangul): about a hundred slices, by frequency of use. */
  export const LETTER_FONTS: readonly { id: string; url: string; ranges: readonly number[] }[];
}
