// What `tessera diff` prints. File names and contents come from the repository, so every control
// character in the patch is shown as a mark (tabs kept), and on a terminal tessera colours the lines
// itself (git's own colours would have to pass raw): the only escape sequences printed are tessera's.

import { visibleText } from '../term/visibleText.js';
import { DIFF_SGR, classifyDiff } from '../viewer/diffKinds.js';

/** A `--stat` line: ` path | 12 ++++--`. */
const STAT_LINE = /^(.* \| +\d+ )(\+*)(-*)$/;

export function diffOutput(patch: string, options: { stat: boolean; color: boolean }): string {
  if (patch === '') return '';
  const raw = patch.replace(/\n$/, '').split('\n');
  const shown = raw.map((line) => visibleText(line, { lines: true }));
  if (!options.color) return `${shown.join('\n')}\n`;
  const colored = options.stat ? shown.map(statLine) : patchLines(raw, shown);
  return `${colored.join('\n')}\n`;
}

const paint = (text: string, sgr: string): string => (sgr === '' || text === '' ? text : `\x1b[${sgr}m${text}\x1b[m`);

/** Classified by the lines as git wrote them (a mark never starts a line git meant as + or -), painted as shown. */
function patchLines(raw: readonly string[], shown: readonly string[]): string[] {
  const kinds = classifyDiff(raw);
  return shown.map((text, i) => {
    const kind = kinds[i] ?? 'context';
    if (kind === 'hunk') {
      // The hunk's range in colour; the function name git adds after it stays plain.
      const end = text.indexOf('@@', 2);
      if (end > 0) return paint(text.slice(0, end + 2), DIFF_SGR.hunk) + text.slice(end + 2);
    }
    return paint(text, DIFF_SGR[kind]);
  });
}

function statLine(text: string): string {
  const match = STAT_LINE.exec(text);
  if (!match) return text;
  return match[1] + paint(match[2], DIFF_SGR.added) + paint(match[3], DIFF_SGR.removed);
}
