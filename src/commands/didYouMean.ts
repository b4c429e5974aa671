// "did you mean …": the known words closest to a mistyped one, by edit distance (a swap of two
// neighbouring letters counts as one edit, as in `lsit-panes`).

/** A word at most this many edits away (or a third of its length, if less) is offered. */
const MAX_EDITS = 3;
/** At most this many suggestions, closest first. */
const MAX_SUGGESTIONS = 3;

/** Edits (insert, delete, replace, swap of neighbours) that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The known words close enough to `typed` to be what was meant, closest first. */
export function closestWords(typed: string, known: readonly string[]): string[] {
  const wanted = typed.toLowerCase();
  const limit = Math.min(MAX_EDITS, Math.max(1, Math.floor(wanted.length / 3)));
  return [...new Set(known)]
    .map((word) => ({ word, edits: wanted.length > 1 && word.startsWith(wanted) ? 0.5 : editDistance(wanted, word.toLowerCase()) }))
    .filter((c) => c.edits <= limit)
    .sort((x, y) => x.edits - y.edits || x.word.localeCompare(y.word))
    .slice(0, MAX_SUGGESTIONS)
    .map((c) => c.word);
}

/** `; did you mean 'x' or 'y'?`, or '' when nothing is close. `render` shows a word as it is typed (e.g. `--json`). */
export function didYouMean(typed: string, known: readonly string[], render: (word: string) => string = (w) => `'${w}'`): string {
  const words = closestWords(typed, known).map(render);
  if (words.length === 0) return '';
  const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
  return `; did you mean ${list}?`;
}
