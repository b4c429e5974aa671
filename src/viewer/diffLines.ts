// A patch (git diff output) as coloured lines for the diff viewer: each file's header bold, added lines
// green, removed lines red, hunk headers cyan, git's notes grey. A line is classified by where it is:
// "--- a/x" is a header before the first hunk of a file, a removed line inside one.

import { span, visibleText, type Line } from './styledText.js';

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

/** The patch as styled lines; a hunk header's trailing context (the function name) stays plain. */
export function diffLines(patch: string): Line[] {
  const raw = patch.replace(/\n$/, '').split('\n');
  if (patch.trim() === '') return [];
  const kinds = classifyDiff(raw);
  return raw.map((text, i) => {
    const kind = kinds[i] as DiffLineKind;
    const shown = visibleText(text);
    if (kind === 'hunk') {
      const end = shown.indexOf('@@', 2);
      if (end > 0 && end + 2 < shown.length) return [span(shown.slice(0, end + 2), DIFF_SGR.hunk), span(shown.slice(end + 2))];
    }
    return [span(shown, DIFF_SGR[kind])];
  });
}
