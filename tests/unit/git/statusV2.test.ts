// Reading `git status --porcelain=v2 --branch -z` and `git diff --numstat -z`: paths with spaces,
// unmerged files, a detached HEAD, an upstream, binary files.

import { describe, expect, it } from 'vitest';
import { parseNumstat, sumCounts } from '../../../src/git/numstat.js';
import { parseStatusV2 } from '../../../src/git/statusV2.js';

describe('parseStatusV2', () => {
  it('reads the branch, the upstream, changed, unmerged and untracked paths (spaces kept)', () => {
    const text = [
      '# branch.oid 0123456789abcdef0123456789abcdef01234567',
      '# branch.head feat/x',
      '# branch.upstream origin/feat/x',
      '# branch.ab +2 -1',
      '1 .M N... 100644 100644 100644 aaaa bbbb src/a file.ts',
      'u UU N... 100644 100644 100644 100644 cccc dddd eeee both.txt',
      '? new dir/n.txt',
      '',
    ].join('\0');
    expect(parseStatusV2(text)).toEqual({
      head: '0123456789abcdef0123456789abcdef01234567',
      branch: 'feat/x',
      upstream: { name: 'origin/feat/x', ahead: 2, behind: 1 },
      changed: ['src/a file.ts', 'both.txt'],
      untracked: ['new dir/n.txt'],
    });
  });

  it('a new repository on a detached HEAD has neither commit nor branch', () => {
    expect(parseStatusV2(['# branch.oid (initial)', '# branch.head (detached)', ''].join('\0'))).toMatchObject({ head: undefined, branch: undefined, upstream: undefined });
  });
});

describe('parseNumstat', () => {
  it('counts lines per file; a binary file counts none and says so', () => {
    const files = parseNumstat(['3\t1\ta.txt', '-\t-\tblob.bin', '0\t2\tdir/with\ttab.txt', ''].join('\0'));
    expect(files).toEqual([
      { path: 'a.txt', added: 3, removed: 1, binary: false },
      { path: 'blob.bin', added: 0, removed: 0, binary: true },
      { path: 'dir/with\ttab.txt', added: 0, removed: 2, binary: false },
    ]);
    expect(sumCounts(files)).toEqual({ added: 3, removed: 3 });
  });
});
