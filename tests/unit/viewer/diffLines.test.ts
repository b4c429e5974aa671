// The diff viewer's colours: headers, hunks, added and removed lines told apart by position, so a
// removed line that starts with "--" is still red and a "+++" line is a header only before a hunk.

import { describe, expect, it } from 'vitest';
import { DIFF_SGR, classifyDiff } from '../../../src/viewer/diffKinds.js';
import { diffLines } from '../../../src/viewer/diffLines.js';

const PATCH = [
  'diff --git a/a.txt b/a.txt',
  'index 1111111..2222222 100644',
  '--- a/a.txt',
  '+++ b/a.txt',
  '@@ -1,3 +1,3 @@ function top()',
  ' one',
  '--- not a header: a removed line',
  '+++ not a header: an added line',
  '\\ No newline at end of file',
  'diff --git a/new.txt b/new.txt',
  'new file mode 100644',
  '--- /dev/null',
  '+++ b/new.txt',
  '@@ -0,0 +1 @@',
  '+x\ty\x1b[31m',
  '',
].join('\n');

describe('diff viewer colours', () => {
  it('classifies each line by where it is in the patch', () => {
    expect(classifyDiff(PATCH.replace(/\n$/, '').split('\n'))).toEqual([
      'fileHeader',
      'meta',
      'fileName',
      'fileName',
      'hunk',
      'context',
      'removed',
      'added',
      'meta',
      'fileHeader',
      'meta',
      'fileName',
      'fileName',
      'hunk',
      'added',
    ]);
  });

  it('colours added green, removed red, hunks cyan (their context plain), and shows control characters harmlessly', () => {
    const lines = diffLines(PATCH);
    expect(lines[0]).toEqual([{ text: 'diff --git a/a.txt b/a.txt', sgr: DIFF_SGR.fileHeader }]);
    expect(lines[4]).toEqual([
      { text: '@@ -1,3 +1,3 @@', sgr: '36' },
      { text: ' function top()', sgr: '' },
    ]);
    expect(lines[6]?.[0]?.sgr).toBe('31');
    expect(lines[7]?.[0]?.sgr).toBe('32');
    expect(lines[13]).toEqual([{ text: '@@ -0,0 +1 @@', sgr: '36' }]);
    expect(lines[14]).toEqual([{ text: '+x  y^[[31m', sgr: '32' }]);
  });

  it('gives no lines for an empty patch', () => {
    expect(diffLines('')).toEqual([]);
    expect(diffLines('\n')).toEqual([]);
  });
});
