// What `tessera diff` prints: a patch's control characters as marks, tessera's own colours on a terminal.

import { describe, expect, it } from 'vitest';
import { diffOutput } from '../../../src/commands/diffOutput.js';

const PATCH = [
  'diff --git "a/n\\033x" "b/n\\033x"',
  'new file mode 100644',
  '--- /dev/null',
  '+++ "b/n\\033x\u009b2J"',
  '@@ -0,0 +1,2 @@ function f()',
  '+\tline \x1b]52;c;eA==\x07',
  '-gone\r',
  '',
].join('\n');

describe('diffOutput', () => {
  it('shows every control character of the patch as a mark, keeping tabs and lines', () => {
    const out = diffOutput(PATCH, { stat: false, color: false });
    expect(out).toBe(PATCH.replace('\u009b', '<U+009B>').replace('\x1b]52;c;eA==\x07', '^[]52;c;eA==^G').replace('\r', '^M'));
    expect(out).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
  });

  it('colours lines itself on a terminal: the only escapes are its SGR', () => {
    const out = diffOutput(PATCH, { stat: false, color: true });
    const lines = out.split('\n');
    expect(lines[0]).toBe('\x1b[1;33mdiff --git "a/n\\033x" "b/n\\033x"\x1b[m');
    expect(lines[4]).toBe('\x1b[36m@@ -0,0 +1,2 @@\x1b[m function f()');
    expect(lines[5]).toBe('\x1b[32m+\tline ^[]52;c;eA==^G\x1b[m');
    expect(lines[6]).toBe('\x1b[31m-gone^M\x1b[m');
    expect(out.replace(/\x1b\[[\d;]*m/g, '')).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
  });

  it('colours the pluses and minuses of --stat lines', () => {
    const stat = ' a.txt | 3 ++-\n "n\\033x" | 1 +\n 2 files changed, 3 insertions(+), 1 deletion(-)\n';
    expect(diffOutput(stat, { stat: true, color: true }).split('\n')).toEqual([
      ' a.txt | 3 \x1b[32m++\x1b[m\x1b[31m-\x1b[m',
      ' "n\\033x" | 1 \x1b[32m+\x1b[m',
      ' 2 files changed, 3 insertions(+), 1 deletion(-)',
      '',
    ]);
    expect(diffOutput('', { stat: true, color: true })).toBe('');
  });
});
