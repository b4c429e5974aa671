// land --rebase's replay against git's own rebase, on real repositories: the same trees, messages and
// authors commit by commit, for commits that set paths only (the one-process fast-import way: edits,
// deletions, renames, a new folder, a mode change, a symlink, odd file names, an empty commit) and for
// a branch whose later commits meet what the target changed (merged one by one from there on).

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayCommits } from '../../../src/git/replay.js';
import { commitChanges, fastImportStream, meetsTarget, targetChanges } from '../../../src/git/replayPlan.js';
import { git, repoWithRemote, useGitIdentity } from '../../helpers/gitRepo.js';
import { scratch } from '../../helpers/scratch.js';

const temp = scratch('tessera-replay-');
useGitIdentity();

const rev = (dir: string, ref: string): string => git(dir, 'rev-parse', ref).trim();

function write(dir: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
}

function commitAll(dir: string, message: string, author = 'Ann Author <ann@example.com>'): void {
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '--allow-empty', `--author=${author}`, '--date=1700000000 +0130', '-m', message);
}

/** A repository with a worktree on `feat`; main moved on by `target` after the branch left it. */
function repository(): { repo: string; wt: string } {
  const { repo } = repoWithRemote(temp.dir());
  write(repo, 'src/keep.ts', Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n') + '\n');
  write(repo, 'old/moved.txt', 'moved\n');
  write(repo, 'script.sh', 'echo hi\n');
  commitAll(repo, 'base files');
  const wt = path.join(path.dirname(repo), 'wt');
  git(repo, 'worktree', 'add', '-q', '-b', 'feat', wt, 'main');
  return { repo, wt };
}

/** What git rebase makes of `source` onto `onto`: each commit's tree, message and author. */
function gitRebase(repo: string, onto: string, source: string): string[] {
  const dir = path.join(path.dirname(repo), `rebase-${Math.random().toString(36).slice(2)}`);
  git(repo, 'worktree', 'add', '-q', '--detach', dir, source);
  git(dir, 'rebase', '-q', onto);
  return history(dir, onto, 'HEAD');
}

const history = (dir: string, from: string, to: string): string[] => git(dir, 'log', '--reverse', '--format=%T %an <%ae> %ad%n%B', '--date=raw', `${from}..${to}`).trim().split('\n\n');

describe('replayCommits', () => {
  it('gives what git rebase gives for commits that only set paths', async () => {
    const { repo, wt } = repository();
    write(wt, 'src/keep.ts', 'changed\n');
    commitAll(wt, 'edit a file');
    fs.renameSync(path.join(wt, 'old/moved.txt'), path.join(wt, 'moved-here.txt'));
    commitAll(wt, 'rename a file\n\nwith a body\nof two lines');
    write(wt, 'deep/new/folder/file.txt', 'deep\n');
    write(wt, 'name with "quote" and space.txt', 'odd\n');
    commitAll(wt, 'a new folder and an odd name', 'Bob <bob@example.com>');
    fs.chmodSync(path.join(wt, 'script.sh'), 0o755);
    fs.symlinkSync('src/keep.ts', path.join(wt, 'link'));
    commitAll(wt, 'mode and symlink');
    commitAll(wt, 'empty on purpose');
    fs.rmSync(path.join(wt, 'deep'), { recursive: true });
    commitAll(wt, 'delete the folder again');
    // main moves on elsewhere.
    write(repo, 'main-only.txt', 'main\n');
    commitAll(repo, 'main moves on');
    const onto = rev(repo, 'main');
    const source = rev(wt, 'HEAD');

    const built = await replayCommits(wt, onto, source);
    if (!('commit' in built)) throw new Error(`conflicts: ${built.conflicts.join(', ')}`);
    // git rebase drops the commit that was empty from the start too (it had no changes to pick).
    expect(history(repo, onto, built.commit)).toEqual(gitRebase(repo, onto, source).filter((c) => !c.includes('empty on purpose')));
    expect(git(repo, 'for-each-ref', 'refs/tessera')).toBe(''); // fast-import's scratch ref is gone
    expect(rev(repo, 'main')).toBe(onto);
  });

  it('merges commit by commit from the first one that meets what the target changed, as git rebase does', async () => {
    const { repo, wt } = repository();
    write(wt, 'a1.txt', 'one\n');
    commitAll(wt, 'fast one');
    write(wt, 'a2.txt', 'two\n');
    commitAll(wt, 'fast two');
    write(wt, 'src/keep.ts', Array.from({ length: 30 }, (_, i) => (i === 25 ? 'branch' : `line ${i}`)).join('\n') + '\n');
    commitAll(wt, 'meets main (merged)');
    write(wt, 'a3.txt', 'three\n');
    commitAll(wt, 'after it');
    write(repo, 'src/keep.ts', Array.from({ length: 30 }, (_, i) => (i === 2 ? 'main' : `line ${i}`)).join('\n') + '\n');
    commitAll(repo, 'main edits the same file, elsewhere');
    const onto = rev(repo, 'main');
    const source = rev(wt, 'HEAD');
    const built = await replayCommits(wt, onto, source);
    if (!('commit' in built)) throw new Error(`conflicts: ${built.conflicts.join(', ')}`);
    expect(history(repo, onto, built.commit)).toEqual(gitRebase(repo, onto, source));
    expect(git(repo, 'show', `${built.commit}:src/keep.ts`)).toMatch(/line 1\nmain\nline 3[\s\S]*branch/);
  });

  it('names the commit and files that conflict', async () => {
    const { repo, wt } = repository();
    write(wt, 'fine.txt', 'fine\n');
    commitAll(wt, 'fine');
    write(wt, 'src/keep.ts', 'branch\n');
    commitAll(wt, 'clashes');
    write(repo, 'src/keep.ts', 'main\n');
    commitAll(repo, 'main');
    expect(await replayCommits(wt, rev(repo, 'main'), rev(wt, 'HEAD'))).toMatchObject({ conflicts: ['src/keep.ts'], at: expect.stringMatching(/clashes$/) });
  });
});

describe('replayPlan', () => {
  const target = targetChanges(['M', 'src/a.ts', 'D', 'lib/old/x.ts', 'A', 'docs', ''].join('\0'));

  it('meets the target on a path it changed, a folder it emptied, and a file where it has a folder', () => {
    const at = (p: string) => [{ mode: '100644', object: '0'.repeat(40), path: p }];
    expect(meetsTarget(at('src/a.ts'), target)).toBe(true);
    expect(meetsTarget(at('src/b.ts'), target)).toBe(false);
    expect(meetsTarget(at('lib/old/new.ts'), target)).toBe(true); // a folder rename there would carry it along
    expect(meetsTarget(at('lib/other.ts'), target)).toBe(true); // lib/ lost a file too
    expect(meetsTarget(at('docs/guide.md'), target)).toBe(true); // docs is a file on the target
    expect(meetsTarget(at('src'), target)).toBe(true); // src is a folder on the target
    expect(meetsTarget(at('top.txt'), target)).toBe(false);
    expect(meetsTarget([], target)).toBe(false);
  });

  it('reads diff-tree --stdin -z, an empty commit included', () => {
    const a = 'a'.repeat(40);
    const b = 'b'.repeat(40);
    const blob = 'c'.repeat(40);
    const text = `${a}\0:100644 100755 ${blob} ${blob} M\0run.sh\0:100644 000000 ${blob} ${'0'.repeat(40)} D\0gone.txt\0\n${b}\0`;
    expect([...commitChanges(text)]).toEqual([
      [a, [{ mode: '100755', object: blob, path: 'run.sh' }, { mode: '000000', object: '0'.repeat(40), path: 'gone.txt' }]],
      [b, []],
    ]);
  });

  it('writes a stream that quotes odd paths, counts message bytes and deletes its scratch ref', () => {
    const stream = fastImportStream('f'.repeat(40), [{ author: { name: 'Zoë', email: 'z@e', date: '1 +0000' }, message: 'héllo\n', changes: [{ mode: '100644', object: 'c'.repeat(40), path: 'a "b"' }, { mode: '000000', object: '', path: 'x' }] }], 'C <c@d> 2 +0000', 'refs/tessera/s');
    expect(stream).toContain('author Zoë <z@e> 1 +0000\ncommitter C <c@d> 2 +0000\ndata 7\nhéllo\n\nfrom ffff');
    expect(stream).toContain(`M 100644 ${'c'.repeat(40)} "a \\"b\\""\nD x\n`);
    expect(stream.endsWith(`get-mark :1\nreset refs/tessera/s\nfrom ${'0'.repeat(40)}\n\ndone\n`)).toBe(true);
  });
});
