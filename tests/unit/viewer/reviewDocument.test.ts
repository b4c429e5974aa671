// The diff viewer's document: its head (against what, commits, files with +/−, conflicts), where each
// file's part starts, the changed line a file opens at, and the reader's place across a reload.

import { describe, expect, it } from 'vitest';
import type { DiffResult } from '../../../src/commands/diff.js';
import { changedLineAt, fileLabel, jumpFile, placeTop, readingLine, readingPlace, reviewDocument } from '../../../src/viewer/reviewDocument.js';

const PATCH = [
  'diff --git a/a.txt b/a.txt',
  'index 1..2 100644',
  '--- a/a.txt',
  '+++ b/a.txt',
  '@@ -10,4 +10,4 @@ fn',
  ' ten',
  ' eleven',
  '-twelve',
  '+TWELVE',
  ' thirteen',
  'diff --git a/b.txt b/b.txt',
  'new file mode 100644',
  '--- /dev/null',
  '+++ b/b.txt',
  '@@ -0,0 +1,2 @@',
  '+x',
  '+y',
  '',
].join('\n');

const result = (text = PATCH): DiffResult => ({
  workspace: 'task-a',
  against: { label: 'main (merge base 1234567)', commit: '1234567' },
  text,
  files: [
    { path: 'a.txt', status: 'modified', added: 1, removed: 1, binary: false },
    { path: 'b.txt', status: 'untracked', added: 2, removed: 0, binary: false },
  ],
  commits: [{ id: 'abcdef0', subject: 'first step' }],
  conflicts: [{ workspace: 'task-b', files: ['a.txt'] }],
});

describe('reviewDocument', () => {
  it('heads the patch with the base, the conflicts, the commits and each file with its counts', () => {
    const doc = reviewDocument(result());
    const text = doc.plain.join('\n');
    expect(text).toContain('task-a: changes against main (merge base 1234567)');
    expect(text).toContain('⚠ also changed by task-b: a.txt');
    expect(text).toContain('1 commit since the base:');
    expect(text).toContain('abcdef0 first step');
    expect(text).toContain('2 files +3 −1');
    expect(text).toMatch(/M a\.txt {2}\+1 −1/);
    expect(text).toMatch(/\? b\.txt {2}\+2 −0/);
    expect(doc.sections.map((s) => [s.path, doc.plain[s.start]])).toEqual([
      ['a.txt', 'diff --git a/a.txt b/a.txt'],
      ['b.txt', 'diff --git a/b.txt b/b.txt'],
    ]);
  });

  it('names the lines another workspace also changed, when the server worked them out', () => {
    const places = { ...result(), conflicts: [{ workspace: 'task-b', files: ['a.txt', 'logo.png'], places: [{ path: 'a.txt', ranges: [[40, 62], [70, 70]] as [number, number][] }, { path: 'logo.png', ranges: [] }] }] };
    expect(reviewDocument(places).plain.join('\n')).toContain('⚠ also changed by task-b: a.txt lines 40–62, 70, logo.png');
  });

  it('jumps file to file and opens a file at its changed line', () => {
    const doc = reviewDocument(result());
    const [a, b] = doc.sections;
    expect(jumpFile(doc, 0, 1)).toBe(a?.start);
    expect(jumpFile(doc, a?.start as number, 1)).toBe(b?.start);
    expect(jumpFile(doc, b?.start as number, 1)).toBeUndefined();
    expect(jumpFile(doc, b?.start as number, -1)).toBe(a?.start);
    // Line 12 of a.txt is the changed one (after two lines of context from 10).
    expect(changedLineAt(doc, a?.start as number)).toEqual({ path: 'a.txt', line: 12 });
    expect(changedLineAt(doc, b?.start as number)).toEqual({ path: 'b.txt', line: 1 });
  });

  it('reads the file jumped to while the view stays where the jump left it, though the view could not scroll to it', () => {
    const doc = reviewDocument(result());
    const [a, b] = doc.sections;
    const bottom = 3; // a short diff: the view cannot scroll b's header to its top
    const jump = { line: b?.start as number, top: bottom };
    expect(readingLine(bottom, jump)).toBe(b?.start);
    expect(changedLineAt(doc, readingLine(bottom, jump))?.path).toBe('b.txt');
    expect(jumpFile(doc, readingLine(bottom, jump), -1)).toBe(a?.start); // [ goes back to a, not to what is above the top
    expect(readingLine(bottom + 1, jump)).toBe(bottom + 1); // scrolled since: the top line again
    expect(readingLine(bottom, undefined)).toBe(bottom);
    expect(fileLabel(doc, b?.start as number)).toBe('file 2 of 2: b.txt');
    expect(fileLabel(doc, 0)).toBeUndefined();
  });

  it('keeps the reader in the same file, as far into it, when the diff above grows', () => {
    const before = reviewDocument(result());
    const top = (before.sections[1]?.start as number) + 2;
    const place = readingPlace(before, top);
    expect(place).toEqual({ path: 'b.txt', offset: 2 });
    const grown = PATCH.replace(' thirteen\n', ' thirteen\n+one more\n+and another\n');
    const after = reviewDocument(result(grown));
    const newTop = placeTop(after, place as { path: string; offset: number });
    expect(after.plain[newTop as number]).toBe(before.plain[top]);
    expect(newTop).toBe(top + 2);
  });
});
