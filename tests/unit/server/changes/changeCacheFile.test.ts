// The change cache kept on disk between servers, with real git: a next server's cache answers from the file
// without a git child while nothing changed, counts a folder again once it changed, and a damaged file is moved
// aside (its bytes kept) and reported, never read.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangeCache } from '../../../../src/git/changeCache.js';
import { ChangeCacheFile } from '../../../../src/store/changeCacheFile.js';
import { keepChangesOnDisk } from '../../../../src/server/workspaces/keptChanges.js';
import { git } from '../../../helpers/gitRepo.js';
import { scratch } from '../../../helpers/scratch.js';

const tmp = scratch('tessera-changefile-');

function worktree(): { state: string; repo: string; dir: string } {
  const root = fs.realpathSync(tmp.dir());
  const repo = path.join(root, 'app');
  fs.mkdirSync(repo);
  git(repo, 'init', '-q', '-b', 'main');
  fs.writeFileSync(path.join(repo, 'a.txt'), 'one\ntwo\n');
  git(repo, 'add', '.');
  git(repo, 'commit', '-q', '-m', 'first');
  const dir = path.join(root, 'w1');
  git(repo, 'worktree', 'add', '-q', '-b', 'feat/w1', dir, 'main');
  fs.writeFileSync(path.join(dir, 'a.txt'), 'one\nTWO\nthree\n');
  git(dir, 'commit', '-q', '-am', 'mine');
  fs.writeFileSync(path.join(dir, 'new.txt'), 'untracked\n');
  return { state: path.join(root, 'state'), repo, dir };
}

/** Every server cache a test made: each writes what it still has pending before the test's folders go. */
const servers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((flush) => flush()));
});

/** A server's cache, started from the file as a server starts; the lines it logged. */
function serverCache(state: string, dirs: string[]): { cache: ChangeCache; logged: string[]; flush(): Promise<void> } {
  const logged: string[] = [];
  const cache = new ChangeCache();
  const kept = keepChangesOnDisk(cache, new ChangeCacheFile(state, (line) => logged.push(line)), new Set(dirs));
  servers.push(() => kept.flush());
  return { cache, logged, flush: () => kept.flush() };
}

describe('the change cache on disk', () => {
  it('lets a next server answer without git while nothing changed, and count again what changed', async () => {
    const { state, dir } = worktree();
    const first = serverCache(state, [dir]);
    const counted = await first.cache.get(dir, 'main');
    expect(counted?.branch).toEqual({ files: 2, added: 3, removed: 1, commits: 1 });
    expect(await first.cache.merged(dir, 'main')).toBe(false);
    await first.flush();
    expect(fs.statSync(path.join(state, 'changes.json')).mode & 0o777).toBe(0o600);

    const next = serverCache(state, [dir]);
    expect(await next.cache.get(dir, 'main')).toEqual(counted);
    expect(await next.cache.merged(dir, 'main')).toBe(false);
    expect(next.cache.computed).toBe(0);
    expect(next.cache.mergeChecks).toBe(0);

    fs.appendFileSync(path.join(dir, 'a.txt'), 'four\n');
    expect((await next.cache.get(dir, 'main'))?.branch).toEqual({ files: 2, added: 4, removed: 1, commits: 1 });
    expect(next.cache.computed).toBe(1);
    expect(next.logged).toEqual([]);
  });

  it('takes only the folders of the workspaces the server has', async () => {
    const { state, dir } = worktree();
    const first = serverCache(state, [dir]);
    await first.cache.get(dir, 'main');
    await first.flush();
    const next = serverCache(state, []);
    expect(next.cache.stored()).toEqual([]);
  });

  it('moves a damaged file aside, keeps its bytes, says so, and counts with git', async () => {
    const { state, dir } = worktree();
    fs.mkdirSync(state, { recursive: true });
    const file = path.join(state, 'changes.json');
    for (const damaged of ['{"version":1,"entries":[{"dir":5}]}', 'not json', '{"version":9,"entries":[]}']) {
      fs.writeFileSync(file, damaged);
      const server = serverCache(state, [dir]);
      expect(server.logged).toHaveLength(1);
      expect(server.logged[0]).toMatch(/^the change cache .*changes\.json (is damaged|is not JSON).*: moved aside to .*changes\.json\.corrupt-/);
      const aside = fs.readdirSync(state).filter((name) => name.startsWith('changes.json.corrupt-'));
      expect(aside.map((name) => fs.readFileSync(path.join(state, name), 'utf8'))).toContain(damaged);
      expect(fs.existsSync(file)).toBe(false);
      expect((await server.cache.get(dir, 'main'))?.branch?.commits).toBe(1);
      expect(server.cache.computed).toBe(1);
    }
  });

  it('read only (ls without a server), leaves a damaged file where it is and says nothing', () => {
    const { state } = worktree();
    fs.mkdirSync(state, { recursive: true });
    const file = path.join(state, 'changes.json');
    fs.writeFileSync(file, 'not json');
    const logged: string[] = [];
    expect(new ChangeCacheFile(state, (line) => logged.push(line)).read({ readOnly: true })).toEqual([]);
    expect(logged).toEqual([]);
    expect(fs.readFileSync(file, 'utf8')).toBe('not json');
  });
});
