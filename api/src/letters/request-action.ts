/**
 * What a letter asks the decision body to do, read from the campaign's title. The letter cannot
 * know whether the campaign supports or opposes the item on the agenda, so it reuses the title's
 * own verb ('Protect Riverside Park from Rezoning' -> 'protect Riverside Park from rezoning'), or
 * supports what a noun-phrase title names, or asks in general words when the title cannot be turned
 * into a phrase without guessing.
 *
 * Titles are written in title case, a sentence is not: each capitalised word is set as the
 * campaign's own prose (its description and talking points) sets it. A run of capitalised words
 * found as written there is a name ('Riverside Park'); a word the prose writes in lower case is
 * lowered ('rezoning'); a common word of titles that the prose never uses is lowered too ('Safe').
 * A word left unknown might be a name or not, and rather than print 'protect Hartwell woods' or
 * 'build Safe lanes' the letter asks in general words.
 */

// Imperative openings of petition titles ('Save the Riverside Park'): the request can reuse them.
const TITLE_VERBS = new Set([
  'add', 'adopt', 'approve', 'ban', 'block', 'bring', 'build', 'choose', 'complete', 'create', 'defend', 'end',
  'expand', 'extend', 'fix', 'fund', 'halt', 'improve', 'increase', 'invest', 'keep', 'light', 'lower', 'make',
  'oppose', 'pass', 'plant', 'preserve', 'prevent', 'protect', 'reduce', 'reject', 'renovate', 'reopen', 'repair',
  'restore', 'revitalize', 'save', 'stop', 'support', 'upgrade',
]);

const SMALL_WORDS = new Set([
  'a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'into', 'its', 'my', 'of', 'on', 'or', 'our', 'over',
  'the', 'their', 'to', 'up', 'with', 'your', 'no', 'yes', 'all', 'every', 'more', 'now', 'this', 'these',
]);

// Common words of campaign titles that are not names when they stand alone.
const COMMON_TITLE_WORDS = new Set([
  'safe', 'safer', 'open', 'new', 'better', 'clean', 'cleaner', 'free', 'public', 'local', 'green', 'affordable',
  'fair', 'full', 'late', 'later', 'longer', 'quiet', 'today', 'year', 'round', 'hours', 'evenings', 'weekends',
  'access', 'funding', 'services', 'lane', 'lanes', 'bike', 'bikes', 'bicycle', 'path', 'paths', 'trail', 'trails',
  'street', 'streets', 'sidewalk', 'sidewalks', 'crosswalk', 'crosswalks', 'signal', 'signals', 'lights', 'lighting',
  'speed', 'limits', 'bus', 'buses', 'transit', 'park', 'parks', 'playground', 'garden', 'gardens', 'pool', 'library',
  'libraries', 'tree', 'trees', 'wetlands', 'woods', 'space', 'spaces', 'farmland', 'water', 'air', 'housing',
  'homes', 'school', 'schools', 'families', 'kids', 'children', 'students', 'residents', 'neighborhood',
  'neighbourhood', 'development', 'plan', 'project', 'proposal', 'zoning', 'rezoning', 'closure', 'cuts', 'budget',
  'tax', 'fees', 'traffic',
]);

type Casing = 'name' | 'lower' | 'unknown';

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A run of two or more capitalised words found as written in the prose is a name, even at a sentence start. */
const isNameIn = (prose: string, run: string[]) => new RegExp(`\\b${run.map(escaped).join('\\s+')}\\b`).test(prose);

/** How the campaign's prose writes one capitalised title word. */
function casingIn(prose: string, word: string): Casing {
  const forms = [word, word.replace(/s$/, ''), `${word}s`].filter((f, i, all) => f.length > 1 && all.indexOf(f) === i);
  for (const form of forms) {
    if (new RegExp(`\\b${escaped(form.toLowerCase())}\\b`).test(prose)) return 'lower';
  }
  // Capitalised mid-sentence, not just after a full stop or at the start.
  if (new RegExp(`[a-z,;:]\\s+${escaped(word)}\\b`).test(prose)) return 'name';
  return COMMON_TITLE_WORDS.has(word.toLowerCase()) ? 'lower' : 'unknown';
}

/** The title's words after the verb, as they read mid-sentence; null when one is left unknown. */
function sentenceCase(words: string[], prose: string): string[] | null {
  const out: string[] = [];
  for (let i = 0; i < words.length; ) {
    const w = words[i]!;
    if (!/^[A-Z][a-z'-]*$/.test(w)) {
      // Lower-case words, acronyms, numbers, 'McCall', 'RZ-2026-014': as written, except small words.
      out.push(SMALL_WORDS.has(w.toLowerCase()) && /^[A-Z][a-z]*$/.test(w) ? w.toLowerCase() : w);
      i++;
      continue;
    }
    if (SMALL_WORDS.has(w.toLowerCase())) {
      out.push(w.toLowerCase());
      i++;
      continue;
    }
    let end = i + 1;
    while (end < words.length && /^[A-Z][a-z'-]*$/.test(words[end]!) && !SMALL_WORDS.has(words[end]!.toLowerCase())) end++;
    const run = words.slice(i, end);
    if (run.length > 1 && isNameIn(prose, run)) {
      out.push(...run);
    } else {
      for (const word of run) {
        const casing = casingIn(prose, word);
        if (casing === 'unknown') return null;
        out.push(casing === 'lower' ? word.toLowerCase() : word);
      }
    }
    i = end;
  }
  return out;
}

export interface RequestedAction {
  /** Completes "I ask you to ...": 'protect Riverside Park from rezoning'. */
  phrase: string;
  /** True when the title could not be read as a request, and the letter asks in general words. */
  general: boolean;
}

/** What a letter asks when the title says nothing it can use: the points and the writer's words say the rest. */
export const GENERAL_ACTION = 'give the concerns in this letter full weight in your decision';

/**
 * 'Save the Riverside Park' -> 'save the Riverside Park'; 'No on Measure B' -> 'oppose Measure B';
 * 'Safe Streets for Lincoln Elementary' -> 'support safe streets for Lincoln Elementary'. A title
 * that is neither ('Neighbors Against the Quarry', with words the prose never sets) is not quoted
 * as if it were people or a place: the letter asks in general words. `prose` is the campaign's own
 * text the casing is learned from.
 */
export function requestedAction(title: string, prose: string): RequestedAction {
  const t = title.trim().replace(/[.!?]+$/, '').replace(/^let'?s\s+/i, '');
  const general = { phrase: GENERAL_ACTION, general: true };
  const yesNo = /^(yes|no)\s+on\s+(.+)$/i.exec(t);
  // 'Measure B', 'Prop 5': what follows "Yes on" is the measure's name, as written.
  if (yesNo) return { phrase: `${yesNo[1]!.toLowerCase() === 'yes' ? 'support' : 'oppose'} ${yesNo[2]}`, general: false };
  const words = t.split(/\s+/);
  const verb = words[0]!.toLowerCase();
  if (!TITLE_VERBS.has(verb)) {
    // A noun phrase the prose can set in sentence case is what the writer supports.
    const named = sentenceCase(words, prose);
    return named ? { phrase: `support ${named.join(' ')}`, general: false } : general;
  }
  const rest = sentenceCase(words.slice(1), prose);
  return rest ? { phrase: [verb, ...rest].join(' '), general: false } : general;
}
