// The conflict radar and the change cache with real git: two worktrees editing the same lines
// (one committed, one not even staged) conflict, two editing different files do not; the cache
// answers from memory while nothing changes and counts again after an in-place edit.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChangeCache } from '../../../../src/git/changeCache.js';
import { mergeConflicts } from '../../../../src/git/mergeConflicts.js';
import { readStatus } from '../../../../src/git/statusV2.js';
import { ConflictRadar, type RadarWorkspace } from '../../../../src/server/radar/conflictRadar.js';
import { RADAR_MAX_REST_MS, RADAR_MIN_INTERVAL_MS, RADAR_REST_PER_WORK, RADAR_ROUND_CPU_MS } from '../../../../src/limits.js';
import { git, repoWithWorktrees as worktreesOf } from '../../../helpers/gitRepo.js';
import { scratch } from '../../../helpers/scratch.js';

const tmp = scratch('tessera-radar-');

function repoWithWorktrees(names: string[]): { repo: string; dirs: Record<string, string> } {
  return worktreesOf(tmp.dir(), { 'auth.ts': 'line 1\nline 2\nline 3\nline 4\n', 'other.ts': 'x\n' }, names);
}

/** A radar whose clock the test moves, so every tick looks again. */
function radarOver(workspaces: RadarWorkspace[]): { radar: ConflictRadar; cache: ChangeCache; events: { conflicts: number; files: string[] }; advance(): void } {
  let now = 0;
  const cache = new ChangeCache();
  const events = { conflicts: 0, files: [] as string[] };
  const radar = new ConflictRadar(
    () => workspaces,
    cache,
    { conflictsChanged: () => events.conflicts++, filesChanged: (name) => events.files.push(name) },
    () => now,
    mergeConflicts,
    () => 0,
  );
  return { radar, cache, events, advance: () => (now += 60_000) };
}

describe('the conflict radar', () => {
  it('finds two workspaces editing the same lines, committed or not, without touching their indexes', async () => {
    const { dirs } = repoWithWorktrees(['task-a', 'task-b']);
    fs.writeFileSync(path.join(dirs['task-a'] as string, 'auth.ts'), 'line 1\nA was here\nline 3\nline 4\n');
    git(dirs['task-a'] as string, 'commit', '-q', '-am', 'a');
    fs.writeFileSync(path.join(dirs['task-b'] as string, 'auth.ts'), 'line 1\nB was here\nline 3\nline 4\n'); // not staged
    const index = path.resolve(dirs['task-b'] as string, git(dirs['task-b'] as string, 'rev-parse', '--git-path', 'index').trim());
    const indexBefore = fs.readFileSync(index);
    const statusBefore = git(dirs['task-b'] as string, 'status', '--porcelain');
    const { radar, events } = radarOver([
      { name: 'task-a', dir: dirs['task-a'] as string, base: 'main' },
      { name: 'task-b', dir: dirs['task-b'] as string, base: 'main' },
    ]);
    await radar.tick();
    expect(radar.conflictsOf('task-a')).toEqual([{ workspace: 'task-b', files: ['auth.ts'] }]);
    expect(radar.conflictsOf('task-b')).toEqual([{ workspace: 'task-a', files: ['auth.ts'] }]);
    expect(events.conflicts).toBe(1);
    expect(git(dirs['task-b'] as string, 'status', '--porcelain')).toBe(statusBefore);
    expect(fs.readFileSync(index).equals(indexBefore)).toBe(true);
  });

  it('merges a pair again next round when git failed on it, though neither side moved', async () => {
    const { dirs } = repoWithWorktrees(['a', 'b']);
    fs.writeFileSync(path.join(dirs.a as string, 'auth.ts'), 'line 1\nA was here\nline 3\nline 4\n');
    fs.writeFileSync(path.join(dirs.b as string, 'auth.ts'), 'line 1\nB was here\nline 3\nline 4\n');
    let failures = 1;
    // The first merge fails as a git child timed out on a loaded machine would.
    const merge: typeof mergeConflicts = (dir, a, b) => (failures-- > 0 ? Promise.reject(new Error('timed out')) : mergeConflicts(dir, a, b));
    const radar = new ConflictRadar(
      () => [
        { name: 'a', dir: dirs.a as string, base: 'main' },
        { name: 'b', dir: dirs.b as string, base: 'main' },
      ],
      new ChangeCache(),
      { conflictsChanged: () => {}, filesChanged: () => {} },
      () => 0,
      merge,
      () => 0,
    );
    await radar.tick();
    expect(radar.conflictsOf('a')).toEqual([]);
    await radar.tick();
    expect(radar.conflictsOf('a')).toEqual([{ workspace: 'b', files: ['auth.ts'] }]);
  });

  it('looks again at a worktree git could not read once, though its .git looks the same', async () => {
    const { dirs } = repoWithWorktrees(['a', 'b']);
    fs.writeFileSync(path.join(dirs.a as string, 'auth.ts'), 'line 1\nA was here\nline 3\nline 4\n');
    fs.writeFileSync(path.join(dirs.b as string, 'auth.ts'), 'line 1\nB was here\nline 3\nline 4\n');
    // b's .git file points nowhere for one round (as while its worktree is being made), then is put back, its time the same both times.
    const dotGit = path.join(dirs.b as string, '.git');
    const text = fs.readFileSync(dotGit);
    const sameTime = 1_700_000_000; // whole seconds: the stamp reads the same after both writes
    fs.writeFileSync(dotGit, 'gitdir: /nowhere\n');
    fs.utimesSync(dotGit, sameTime, sameTime);
    const { radar, advance } = radarOver([
      { name: 'a', dir: dirs.a as string, base: 'main' },
      { name: 'b', dir: dirs.b as string, base: 'main' },
    ]);
    await radar.tick();
    expect(radar.conflictsOf('a')).toEqual([]);
    fs.writeFileSync(dotGit, text);
    fs.utimesSync(dotGit, sameTime, sameTime);
    advance();
    await radar.tick();
    expect(radar.conflictsOf('a')).toEqual([{ workspace: 'b', files: ['auth.ts'] }]);
  });

  it('sees an untracked file on both sides as a conflict, and none once one side changes another file instead', async () => {
    const { dirs } = repoWithWorktrees(['a', 'b']);
    const a = dirs.a as string;
    const b = dirs.b as string;
    fs.writeFileSync(path.join(a, 'new.ts'), 'from a\n');
    fs.writeFileSync(path.join(b, 'new.ts'), 'from b\n');
    const { radar, events, advance } = radarOver([
      { name: 'a', dir: a, base: 'main' },
      { name: 'b', dir: b, base: 'main' },
    ]);
    await radar.tick();
    expect(radar.conflictsOf('a')).toEqual([{ workspace: 'b', files: ['new.ts'] }]);
    fs.rmSync(path.join(b, 'new.ts'));
    fs.writeFileSync(path.join(b, 'other.ts'), 'changed by b\n');
    advance();
    await radar.tick();
    expect(radar.conflictsOf('a')).toEqual([]);
    expect(radar.conflictsOf('b')).toEqual([]);
    expect(events.files).toContain('b');
    expect(events.conflicts).toBe(2);
  });

  it('rests after a round for RADAR_REST_PER_WORK times the CPU it cost, at most RADAR_MAX_REST_MS', async () => {
    const { dirs } = repoWithWorktrees(['a', 'b']);
    fs.writeFileSync(path.join(dirs.a as string, 'auth.ts'), 'line 1\nA was here\nline 3\nline 4\n');
    fs.writeFileSync(path.join(dirs.b as string, 'auth.ts'), 'line 1\nB was here\nline 3\nline 4\n');
    let now = 0;
    let merges = 0;
    // Each merge 'costs' a second of CPU (and of the clock): the round that merges cost a second, whose rest is longer
    // than the interval between two looks at one workspace (RADAR_MIN_INTERVAL_MS).
    const merge: typeof mergeConflicts = async (dir, a, b) => {
      merges++;
      now += 1_000;
      return mergeConflicts(dir, a, b);
    };
    const files: string[] = [];
    const radar = new ConflictRadar(
      () => [
        { name: 'a', dir: dirs.a as string, base: 'main' },
        { name: 'b', dir: dirs.b as string, base: 'main' },
      ],
      new ChangeCache(),
      { conflictsChanged: () => {}, filesChanged: (name) => files.push(name) },
      () => now,
      merge,
      () => now,
    );
    await radar.tick();
    expect(merges).toBe(1);
    fs.appendFileSync(path.join(dirs.a as string, 'auth.ts'), 'more from a\n');
    expect(1_000 * RADAR_REST_PER_WORK).toBeGreaterThan(RADAR_MIN_INTERVAL_MS);
    now += 1_000 * RADAR_REST_PER_WORK - 1;
    await radar.tick(); // still resting: a is not looked at
    expect(files).toEqual([]);
    now += 1;
    await radar.tick();
    expect(files).toEqual(['a']);
    expect(merges).toBe(2);
    // A round that took very long rests no longer than RADAR_MAX_REST_MS.
    const slow: typeof mergeConflicts = async () => {
      now += RADAR_MAX_REST_MS;
      return [];
    };
    const patient = new ConflictRadar(() => [{ name: 'a', dir: dirs.a as string, base: 'main' }, { name: 'b', dir: dirs.b as string, base: 'main' }], new ChangeCache(), { conflictsChanged: () => {}, filesChanged: (name) => files.push(`patient ${name}`) }, () => now, slow, () => now);
    await patient.tick();
    fs.appendFileSync(path.join(dirs.b as string, 'auth.ts'), 'more from b\n');
    now += RADAR_MAX_REST_MS;
    await patient.tick();
    expect(files).toContain('patient b');
  });

  it('does the work of many workspaces in slices of RADAR_ROUND_CPU_MS, taking up next round what the last one left', async () => {
    const names = ['a', 'b', 'c'];
    const { dirs } = repoWithWorktrees(names);
    for (const name of names) fs.writeFileSync(path.join(dirs[name] as string, 'auth.ts'), `line 1\n${name} was here\nline 3\nline 4\n`);
    let now = 0;
    const merged: string[] = [];
    // Each merge costs a whole round's CPU: one merge a round.
    const merge: typeof mergeConflicts = async (dir, a, b) => {
      now += RADAR_ROUND_CPU_MS;
      const files = await mergeConflicts(dir, a, b);
      merged.push(files.join());
      return files;
    };
    const radar = new ConflictRadar(() => names.map((name) => ({ name, dir: dirs[name] as string, base: 'main' })), new ChangeCache(), { conflictsChanged: () => {}, filesChanged: () => {} }, () => now, merge, () => now);
    const conflicts = () => names.map((name) => radar.conflictsOf(name).length);
    await radar.tick();
    expect(merged).toHaveLength(1);
    expect(conflicts().reduce((sum, n) => sum + n, 0)).toBe(2); // one pair, seen from both sides
    for (let round = 2; round <= 3; round++) {
      now += RADAR_ROUND_CPU_MS * RADAR_REST_PER_WORK;
      await radar.tick();
      expect(merged).toHaveLength(round);
    }
    expect(conflicts()).toEqual([2, 2, 2]);
    // Nothing moved and nothing is left: the next round merges nothing.
    now += RADAR_ROUND_CPU_MS * RADAR_REST_PER_WORK;
    await radar.tick();
    expect(merged).toHaveLength(3);
  });

  it('stops polling while no workspace has a base, forgets what it showed first, and polls again once nudged', async () => {
    const { dirs } = repoWithWorktrees(['a', 'b']);
    fs.writeFileSync(path.join(dirs.a as string, 'auth.ts'), 'line 1\nA was here\nline 3\nline 4\n');
    fs.writeFileSync(path.join(dirs.b as string, 'auth.ts'), 'line 1\nB was here\nline 3\nline 4\n');
    let workspaces: RadarWorkspace[] = [];
    const radar = new ConflictRadar(() => workspaces, new ChangeCache(), { conflictsChanged: () => {}, filesChanged: () => {} }, () => 0, mergeConflicts, () => 0);
    try {
      radar.start();
      expect(radar.polling).toBe(true);
      await radar.tick(); // nothing to watch: it sleeps
      expect(radar.polling).toBe(false);
      radar.nudge();
      expect(radar.polling).toBe(true);
      workspaces = [
        { name: 'a', dir: dirs.a as string, base: 'main' },
        { name: 'b', dir: dirs.b as string, base: 'main' },
      ];
      await radar.tick();
      expect(radar.conflictsOf('a')).toEqual([{ workspace: 'b', files: ['auth.ts'] }]);
      // Both removed: the round that forgets them still runs, and clears what showed; the next one sleeps.
      workspaces = [];
      await radar.tick();
      expect(radar.conflictsOf('a')).toEqual([]);
      expect(radar.polling).toBe(true);
      await radar.tick();
      expect(radar.polling).toBe(false);
      radar.stop();
      radar.nudge(); // a stopped radar stays stopped
      expect(radar.polling).toBe(false);
    } finally {
      radar.stop();
    }
  });

  it('finds none between workspaces editing different files', async () => {
    const { dirs } = repoWithWorktrees(['a', 'b']);
    fs.writeFileSync(path.join(dirs.a as string, 'auth.ts'), 'line 1\nA\nline 3\nline 4\n');
    fs.writeFileSync(path.join(dirs.b as string, 'other.ts'), 'B\n');
    const { radar, events } = radarOver([
      { name: 'a', dir: dirs.a as string, base: 'main' },
      { name: 'b', dir: dirs.b as string, base: 'main' },
    ]);
    await radar.tick();
    expect(radar.conflictsOf('a')).toEqual([]);
    expect(events.conflicts).toBe(0);
  });
});

describe('the change cache', () => {
  it('answers from memory while nothing changed, and counts again after an in-place edit or a new file', async () => {
    const { dirs } = repoWithWorktrees(['w']);
    const dir = dirs.w as string;
    const cache = new ChangeCache();
    expect((await cache.get(dir, 'main'))?.branch).toEqual({ files: 0, added: 0, removed: 0, commits: 0 });
    expect(cache.computed).toBe(1);
    await cache.get(dir, 'main');
    expect(cache.computed).toBe(1);
    // An edit in place of a clean tracked file (no rename, no index write).
    fs.appendFileSync(path.join(dir, 'other.ts'), 'y\n');
    expect((await cache.get(dir, 'main'))?.branch).toEqual({ files: 1, added: 1, removed: 0, commits: 0 });
    expect(cache.computed).toBe(2);
    fs.mkdirSync(path.join(dir, 'deep'));
    fs.writeFileSync(path.join(dir, 'deep', 'n.ts'), 'n\n');
    expect((await cache.get(dir, 'main'))?.diff.untracked).toBe(1);
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'c');
    expect((await cache.get(dir, 'main'))?.branch).toEqual({ files: 2, added: 2, removed: 0, commits: 1 });
    await cache.get(dir, 'main');
    expect(cache.computed).toBe(4);
  });

  it('keeps no count made while the branch was switched under it', async () => {
    const { dirs } = repoWithWorktrees(['w']);
    const dir = dirs.w as string;
    git(dir, 'switch', '-q', '-c', 'other');
    let switchBack = true;
    // git status reads 'other'; before the count is kept, the folder is switched back (as a user or agent would).
    const cache = new ChangeCache(async (folder) => {
      const status = await readStatus(folder);
      if (switchBack) git(dir, 'switch', '-q', 'feat/w');
      switchBack = false;
      return status;
    });
    expect((await cache.get(dir, 'main'))?.branchName).toBe('other');
    expect((await cache.get(dir, 'main'))?.branchName).toBe('feat/w');
  });

  it('asks git whether a branch is merged once while nothing changed, and again once the base moved', async () => {
    const { repo, dirs } = repoWithWorktrees(['w']);
    const dir = dirs.w as string;
    fs.writeFileSync(path.join(dir, 'other.ts'), 'changed by w\n');
    git(dir, 'commit', '-q', '-am', 'w');
    const cache = new ChangeCache();
    expect(await cache.merged(dir, 'main')).toBe(false);
    expect(await cache.merged(dir, 'main')).toBe(false);
    expect(cache.mergeChecks).toBe(1);
    git(repo, 'merge', '-q', '--no-edit', 'feat/w');
    expect(await cache.merged(dir, 'main')).toBe(true);
    expect(cache.mergeChecks).toBe(2);
  });
});
