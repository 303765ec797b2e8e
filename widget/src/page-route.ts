import { isLetterData, type LetterData } from './letter-data';

/**
 * What the widget page (page.html) shows for its address. The API serves the same page at
 * /widget/{id} and /letter/review; the review receives its letter through history.state.
 */
export type PageRoute =
  | { kind: 'campaign'; campaignId: string }
  | { kind: 'review'; letter: LetterData }
  | { kind: 'home' };

export const REVIEW_PATH = '/letter/review';

/** The history.state entry the review reads: namespaced, so another script's state is not mistaken for ours. */
export interface ReviewState {
  dais_letter: LetterData;
}

export const reviewState = (letter: LetterData): ReviewState => ({ dais_letter: letter });

export function pageRoute(pathname: string, state: unknown): PageRoute {
  const widget = /^\/widget\/([1-9]\d{0,9})\/?$/.exec(pathname);
  if (widget) return { kind: 'campaign', campaignId: widget[1]! };
  if (pathname === REVIEW_PATH) {
    const letter = (state as Partial<ReviewState> | null)?.dais_letter;
    if (isLetterData(letter)) return { kind: 'review', letter };
  }
  return { kind: 'home' };
}
