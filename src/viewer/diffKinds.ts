// What each line of a patch (git diff output) is, and its colour: each file's header bold, added lines
// green, removed lines red, hunk headers cyan, git's notes grey. A line is classified by where it is:
// "--- a/x" is a header before the first hunk of a file, a removed line inside one. Shared by the diff
// viewer and `tessera diff`.

export const DIFF_SGR = {
  fileHeader: '1;33',
  fileName: '1',
  meta: '90',
  hunk: '36',
  added: '32',
  removed: '31',
  context: '',
} as const;

export type DiffLineKind = keyof typeof DIFF_SGR;

/** The kind of every line of a patch, in order. */
export function classifyDiff(lines: readonly string[]): DiffLineKind[] {
  let inHunk = false;
  return lines.map((line): DiffLineKind => {
    if (line.startsWith('diff --git ') || line.startsWith('diff --cc ')) {
      inHunk = false;
      return 'fileHeader';
    }
    if (line.startsWith('@@')) {
      inHunk = true;
      return 'hunk';
    }
    if (!inHunk) return line.startsWith('--- ') || line.startsWith('+++ ') ? 'fileName' : 'meta';
    if (line.startsWith('+')) return 'added';
    if (line.startsWith('-')) return 'removed';
    if (line.startsWith('\\')) return 'meta';
    return 'context';
  });
}
