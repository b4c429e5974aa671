import { describe, expect, it } from 'vitest';
import { formatPlace, overlappingLines, parsePatchHunks, type Hunk } from '../../../src/git/hunkOverlap.js';

const hunk = (oldStart: number, oldLines: number, newStart: number, newLines: number): Hunk => ({ oldStart, oldLines, newStart, newLines });

describe('parsePatchHunks', () => {
  it('reads each file of a zero-context patch, a new and a deleted file and a quoted name too', () => {
    const patch = [
      'diff --git a/src/auth.ts b/src/auth.ts',
      'index 1..2 100644',
      '--- a/src/auth.ts',
      '+++ b/src/auth.ts',
      '@@ -40,3 +40,23 @@ export function login() {',
      '-a',
      '+b',
      '@@ -90 +110,0 @@',
      '-gone',
      'diff --git a/new.txt b/new.txt',
      'new file mode 100644',
      '--- /dev/null',
      '+++ b/new.txt',
      '@@ -0,0 +1,2 @@',
      '+x',
      'diff --git a/old.txt b/old.txt',
      'deleted file mode 100644',
      '--- a/old.txt',
      '+++ /dev/null',
      '@@ -1,4 +0,0 @@',
      'diff --git "a/tab\\there" "b/tab\\there"',
      '--- "a/tab\\there"',
      '+++ "b/tab\\there"',
      '@@ -2 +2 @@',
      'diff --git "a/caf\\303\\251" "b/caf\\303\\251"',
      '--- "a/caf\\303\\251"',
      '+++ "b/caf\\303\\251"',
      '@@ -7,2 +7 @@',
    ].join('\n');
    const files = parsePatchHunks(patch);
    expect(files.get('src/auth.ts')).toEqual([hunk(40, 3, 40, 23), hunk(90, 1, 110, 0)]);
    expect(files.get('new.txt')).toEqual([hunk(0, 0, 1, 2)]);
    expect(files.get('old.txt')).toEqual([hunk(1, 4, 0, 0)]);
    expect(files.get('tab\there')).toEqual([hunk(2, 1, 2, 1)]);
    expect(files.get('café')).toEqual([hunk(7, 2, 7, 1)]);
  });
});

describe('overlappingLines', () => {
  it('names our lines whose hunks overlap theirs, in our file\'s numbering', () => {
    // We replaced base lines 40–42 by 23 lines (now 40–62); they changed base line 41.
    expect(overlappingLines([hunk(40, 3, 40, 23)], [hunk(41, 1, 41, 1)])).toEqual([[40, 62]]);
    // Our earlier insertion moved our numbering: the same base lines are our 50–52.
    expect(overlappingLines([hunk(5, 0, 6, 10), hunk(40, 3, 50, 3)], [hunk(42, 2, 42, 5)])).toEqual([[50, 52]]);
  });

  it('counts adjacent changes (git conflicts on them) but not changes a line apart', () => {
    expect(overlappingLines([hunk(10, 1, 10, 1)], [hunk(11, 1, 11, 1)])).toEqual([[10, 10]]);
    expect(overlappingLines([hunk(10, 1, 10, 1)], [hunk(12, 1, 12, 1)])).toEqual([]);
    // An insertion after line 10 touches a change of line 10 or 11, not of line 12.
    expect(overlappingLines([hunk(10, 0, 11, 2)], [hunk(11, 1, 11, 1)])).toEqual([[11, 12]]);
    expect(overlappingLines([hunk(10, 0, 11, 2)], [hunk(12, 1, 12, 1)])).toEqual([]);
  });

  it('merges touching ranges, keeps separate ones, and places a deletion at the line before it', () => {
    const ours = [hunk(1, 2, 1, 2), hunk(3, 1, 3, 1), hunk(20, 1, 20, 1), hunk(30, 2, 29, 0)];
    const theirs = [hunk(2, 2, 2, 2), hunk(20, 1, 20, 3), hunk(31, 1, 31, 1)];
    expect(overlappingLines(ours, theirs)).toEqual([[1, 3], [20, 20], [29, 29]]);
  });

  it('finds nothing when either side has no hunk in the file', () => {
    expect(overlappingLines([], [hunk(1, 1, 1, 1)])).toEqual([]);
    expect(overlappingLines([hunk(1, 1, 1, 1)], [])).toEqual([]);
  });
});

describe('formatPlace', () => {
  it('says lines with an en dash, one line as line, and the path alone without lines', () => {
    expect(formatPlace('src/auth.ts', [[40, 62]])).toBe('src/auth.ts lines 40–62');
    expect(formatPlace('a.txt', [[7, 7]])).toBe('a.txt line 7');
    expect(formatPlace('a.txt', [[1, 3], [9, 9]])).toBe('a.txt lines 1–3, 9');
    expect(formatPlace('logo.png', [])).toBe('logo.png');
  });
});
