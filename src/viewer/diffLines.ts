// A patch (git diff output) as coloured lines for the diff viewer: each file's header bold, added lines
// green, removed lines red, hunk headers cyan, git's notes grey (diffKinds.ts).

import { DIFF_SGR, classifyDiff, type DiffLineKind } from './diffKinds.js';
import { span, viewerText, type Line } from './styledText.js';

/** The patch as styled lines; a hunk header's trailing context (the function name) stays plain. */
export function diffLines(patch: string): Line[] {
  const raw = patch.replace(/\n$/, '').split('\n');
  if (patch.trim() === '') return [];
  const kinds = classifyDiff(raw);
  return raw.map((text, i) => {
    const kind = kinds[i] as DiffLineKind;
    const shown = viewerText(text);
    if (kind === 'hunk') {
      const end = shown.indexOf('@@', 2);
      if (end > 0 && end + 2 < shown.length) return [span(shown.slice(0, end + 2), DIFF_SGR.hunk), span(shown.slice(end + 2))];
    }
    return [span(shown, DIFF_SGR[kind])];
  });
}
