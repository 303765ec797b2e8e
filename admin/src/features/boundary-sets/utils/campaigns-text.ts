import { formatNumber } from '../../../lib/format';

/** How many campaigns use a set: 'No campaign', '1 campaign', '12 campaigns'. */
export const campaignsText = (n: number): string => (n === 0 ? 'No campaign' : `${formatNumber(n)} ${n === 1 ? 'campaign' : 'campaigns'}`);
