// Fuzzy matching for search boxes: the typed letters must appear in order, not necessarily together;
// matches at word starts and in runs score higher, so "sr" finds "split-right" before "resize".

export interface FuzzyMatch {
  score: number;
  /** Indexes (in UTF-16 units) of the matched characters, for highlighting. */
  positions: number[];
}

const WORD_START_BONUS = 8;
const RUN_BONUS = 5;
const FIRST_CHAR_BONUS = 4;
const GAP_PENALTY = 1;

/**
 * Matches `query` against `text`, case-insensitively; spaces in the query are ignored. Undefined when
 * the letters do not all appear in order. Greedy, preferring word starts: good enough for lists of
 * a few thousand names, and predictable.
 */
export function fuzzyMatch(query: string, text: string): FuzzyMatch | undefined {
  const needle = query.toLowerCase().replace(/\s+/g, '');
  if (needle === '') return { score: 0, positions: [] };
  const haystack = text.toLowerCase();
  // Jumping ahead to word starts can skip letters needed later: then take the first of each.
  return matchFrom(needle, haystack, true) ?? matchFrom(needle, haystack, false);
}

function matchFrom(needle: string, haystack: string, preferWordStarts: boolean): FuzzyMatch | undefined {
  const positions: number[] = [];
  let score = 0;
  let from = 0;
  for (const char of needle) {
    const next = preferWordStarts ? bestIndex(haystack, char, from) : haystack.indexOf(char, from);
    if (next < 0) return undefined;
    if (isWordStart(haystack, next)) score += WORD_START_BONUS;
    if (positions.length > 0 && positions[positions.length - 1] === next - 1) score += RUN_BONUS;
    if (next === 0) score += FIRST_CHAR_BONUS;
    score -= (next - from) * GAP_PENALTY;
    positions.push(next);
    from = next + 1;
  }
  return { score, positions };
}

/** The next `char` at or after `from`, preferring one that starts a word. */
function bestIndex(haystack: string, char: string, from: number): number {
  const first = haystack.indexOf(char, from);
  if (first < 0 || isWordStart(haystack, first)) return first;
  for (let i = first + 1; i < haystack.length; i++) {
    if (haystack[i] === char && isWordStart(haystack, i)) return i;
  }
  return first;
}

function isWordStart(text: string, index: number): boolean {
  return index === 0 || /[\s\-_./:]/.test(text[index - 1]);
}

/** Items that match, best first; equal scores keep the items' own order. */
export function fuzzyFilter<T>(items: readonly T[], query: string, text: (item: T) => string): { item: T; match: FuzzyMatch }[] {
  const matched: { item: T; match: FuzzyMatch; index: number }[] = [];
  items.forEach((item, index) => {
    const match = fuzzyMatch(query, text(item));
    if (match) matched.push({ item, match, index });
  });
  matched.sort((a, b) => b.match.score - a.match.score || a.index - b.index);
  return matched.map(({ item, match }) => ({ item, match }));
}
