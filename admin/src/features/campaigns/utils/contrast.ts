/**
 * The Appearance tab's contrast helpers. The WCAG arithmetic itself lives in the contract
 * (contract/colors.ts), shared with the widget that paints with it.
 */
import { parseHex } from '@dais/api/contract';

export { AA_LARGE_OR_UI, AA_TEXT, contrastRatio, parseHex, relativeLuminance } from '@dais/api/contract';

export const isHexColor = (value: string) => parseHex(value) !== null;

/** '3.77:1', rounded down so a ratio just short of a threshold never reads as meeting it. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}
