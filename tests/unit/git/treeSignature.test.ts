// A working tree's stat-only fingerprint with real git: the digest of HEAD and each file's stamp in the form
// earlier servers kept on disk (so their kept counts stay good), and it moves when a tracked file is written
// again in place at the same size, when a file appears in a folder, and when HEAD moves.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findGitPlaces, trackedFiles, treeSignature, type GitPlaces } from '../../../src/git/treeSignature.js';
import { git, repoWithWorktrees, useGitIdentity } from '../../helpers/gitRepo.js';
import { scratch } from '../../helpers/scratch.js';

const tmp = scratch('tessera-treesignature-');
useGitIdentity();

/** The fingerprint as earlier servers wrote it: HEAD, then every stamp, joined by newlines, in one sha256. */
function joinedDigest(places: GitPlaces, files: string[], branch: string): string {
  const stamp = (file: string): string => {
    const s = fs.lstatSync(file, { bigint: true, throwIfNoEntry: false });
    return s ? `${s.mtimeNs}:${s.ctimeNs}:${s.size}:${s.ino}` : '-';
  };
  const repoFiles = ['HEAD', 'index'].map((f) => path.join(places.gitDir, f));
  const shared = ['packed-refs', 'FETCH_HEAD', path.join('refs', 'heads', branch)].map((f) => path.join(places.commonDir, f));
  const folders = [places.top, ...new Set(files.map((f) => path.dirname(f)).filter((d) => d !== '.').map((d) => path.join(places.top, d)))];
  const all = [...repoFiles, ...shared, ...folders, ...files.map((f) => path.join(places.top, f))];
  const head = fs.readFileSync(path.join(places.gitDir, 'HEAD'), 'utf8').trim();
  return createHash('sha256').update(`${head}\n${all.map(stamp).join('\n')}`).digest('base64');
}

describe('treeSignature', () => {
  it('is the digest earlier servers kept, and moves on a same-size rewrite, a new file in a folder and a commit', async () => {
    const { dirs } = repoWithWorktrees(tmp.dir(), { 'a.txt': 'one\n', 'README.md': 'hi\n' }, ['w']);
    const dir = dirs.w!;
    fs.mkdirSync(path.join(dir, 'src'));
    fs.writeFileSync(path.join(dir, 'src', 'b.ts'), 'x\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'b');
    const places = (await findGitPlaces(dir)) as GitPlaces;
    const files = await trackedFiles(places.top);
    const refs = { branch: 'feat/w' };
    const first = await treeSignature(places, files, refs);
    expect(first).toBe(joinedDigest(places, files, 'feat/w'));
    expect(await treeSignature(places, files, refs)).toBe(first);

    // Written again in place, same size: the time moves (set it apart, as a later write would).
    const a = path.join(dir, 'a.txt');
    fs.writeFileSync(a, 'two\n');
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(a, later, later);
    const rewritten = await treeSignature(places, files, refs);
    expect(rewritten).not.toBe(first);

    // A new, untracked file in a tracked folder moves the folder's time.
    fs.writeFileSync(path.join(dir, 'src', 'new.ts'), 'y\n');
    const added = await treeSignature(places, files, refs);
    expect(added).not.toBe(rewritten);

    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'more');
    expect(await treeSignature(places, files, refs)).not.toBe(added);
  });
});
