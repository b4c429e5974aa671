// The checks that run before any workspace folder is deleted or reset, on real folders and a real
// repository: inside the root on a path boundary (links resolved), never holding another
// workspace's folder, a worktree its repository lists; and the listing of a folder git cannot read.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderProblems } from '../../../../src/server/records/folderGuards.js';
import { listFolder } from '../../../../src/server/records/folderListing.js';
import { git, repoWithRemote } from '../../../helpers/gitRepo.js';
import { scratch } from '../../../helpers/scratch.js';

const temp = scratch('tessera-guards-');

function layout(): { base: string; root: string; inside: string } {
  const base = fs.realpathSync(temp.dir());
  const root = path.join(base, 'workspaces');
  const inside = path.join(root, 'app', 'w');
  fs.mkdirSync(inside, { recursive: true });
  return { base, root, inside };
}

describe('folder guards', () => {
  it('allows a folder inside the root, and says nothing of a gone or adopted one', async () => {
    const { root, inside } = layout();
    expect(await folderProblems({ name: 'w', kind: 'clone', path: inside }, root, [])).toEqual([]);
    expect(await folderProblems({ name: 'w', kind: 'clone', path: path.join(root, 'app', 'gone') }, root, [])).toEqual([]);
    expect(await folderProblems({ name: 'w', kind: 'adopted', path: '/' }, root, [])).toEqual([]);
  });

  it('refuses a folder outside the root, a sibling whose name starts like the root, the root itself and a link out', async () => {
    const { base, root } = layout();
    const outside = path.join(base, 'precious');
    fs.mkdirSync(outside);
    const sibling = path.join(base, 'workspaces-old', 'x');
    fs.mkdirSync(sibling, { recursive: true });
    fs.symlinkSync(outside, path.join(root, 'app', 'link'));
    for (const p of [outside, sibling, root, path.join(root, 'app', 'link')]) {
      const problems = await folderProblems({ name: 'w', kind: 'clone', path: p }, root, []);
      expect(problems, p).toHaveLength(1);
      expect(problems[0]).toMatch(/is not inside the workspace root/);
    }
    expect((await folderProblems({ name: 'w', kind: 'clone', path: path.join(root, 'app', 'link') }, root, []))[0]).toContain(`(it leads to ${outside})`);
  });

  it("refuses a folder that holds another workspace's folder", async () => {
    const { root, inside } = layout();
    const problems = await folderProblems({ name: 'w', kind: 'clone', path: path.join(root, 'app') }, root, [{ name: 'other', path: inside }]);
    expect(problems).toEqual([`${path.join(root, 'app')} holds the folder of workspace other (${inside})`]);
  });

  it('allows a worktree its repository lists, and refuses one it does not, or the repository itself', async () => {
    const { base, root } = layout();
    const { repo } = repoWithRemote(base);
    const listed = path.join(root, 'app', 'listed');
    git(repo, 'worktree', 'add', '-q', '-b', 'feat/listed', listed, 'main');
    expect(await folderProblems({ name: 'listed', kind: 'worktree', path: listed, repo }, root, [])).toEqual([]);
    // A clone of the same repository made to look like a worktree of it: git worktree list does not know it.
    const impostor = path.join(root, 'app', 'impostor');
    git(base, 'clone', '-q', repo, impostor);
    expect(await folderProblems({ name: 'impostor', kind: 'worktree', path: impostor, repo }, root, [])).toEqual([
      `${impostor} is not a worktree of ${repo} ('git worktree list' there does not list it)`,
    ]);
    // The repository itself, moved inside the root, is its main folder, not a worktree.
    const moved = path.join(root, 'app', 'main');
    fs.renameSync(repo, moved);
    git(moved, 'worktree', 'repair');
    expect((await folderProblems({ name: 'm', kind: 'worktree', path: moved, repo: moved }, root, []))[0]).toMatch(/is the main folder of repository/);
  });
});

describe('listing a folder git cannot read', () => {
  it('lists files relative to the folder, .git as one entry, without following links, up to a limit', () => {
    const dir = temp.dir();
    fs.mkdirSync(path.join(dir, '.git', 'objects'), { recursive: true });
    fs.writeFileSync(path.join(dir, '.git', 'HEAD'), 'garbage');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'keep\n');
    fs.mkdirSync(path.join(dir, 'src'));
    fs.writeFileSync(path.join(dir, 'src', 'a.ts'), '1\n');
    fs.symlinkSync('/', path.join(dir, 'root-link'));
    expect(listFolder(dir)).toEqual({ files: ['.git/', 'notes.txt', 'root-link', 'src/a.ts'], complete: true });
    expect(listFolder(dir, 2)).toEqual({ files: ['.git/', 'notes.txt'], complete: false });
  });
});
