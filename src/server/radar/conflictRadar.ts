// The conflict radar: for every two workspaces of one repository that changed files since their
// base, whether landing both would conflict, worked out in the background before anyone merges.
// Each side is its branch plus its uncommitted and untracked changes, captured as a throwaway commit
// without touching its folder or index (src/git/snapshotCommit.ts); two sides are merged in memory
// by `git merge-tree` (src/git/mergeConflicts.ts).
//
// Cost: every RADAR_POLL_MS it stats each workspace's files (the change cache's fingerprint, no git
// child); a workspace whose fingerprint moved is captured again at most once per RADAR_MIN_INTERVAL_MS,
// and only the pairs with a side that moved and a changed path in common are merged again. One git child at a time, all of it
// asynchronous: keys, frames and control commands never wait for it. A round stops starting git children once it has
// spent RADAR_ROUND_CPU_MS (the workspaces and pairs left are taken first next round), then the radar rests
// RADAR_REST_PER_WORK times the CPU the round cost (the server's and its git children's; at most RADAR_MAX_REST_MS):
// with many workspaces changing at once, its work comes in small, evenly spaced slices instead of long bursts.
// With no workspace to watch (none has a base) it stops polling until nudge() says the workspaces changed: an
// idle server with only adopted folders is then not woken at all (each wake of an idle process costs ~0.7 ms of CPU).

import fs from 'node:fs';
import path from 'node:path';
import { RADAR_MAX_REST_MS, RADAR_MIN_INTERVAL_MS, RADAR_POLL_MS, RADAR_REST_PER_WORK, RADAR_ROUND_CPU_MS } from '../../limits.js';
import type { WorkspaceChanges } from '../../git/changeSummary.js';
import { mergeConflicts } from '../../git/mergeConflicts.js';
import { snapshotCommit } from '../../git/snapshotCommit.js';
import type { ChangeCache } from '../../git/changeCache.js';
import { workCpuTimeMs } from '../../os/workCpuTime.js';

export interface RadarWorkspace {
  name: string;
  dir: string;
  base?: string;
}

export interface RadarConflict {
  workspace: string;
  files: string[];
}

export interface RadarEvents {
  /** Some workspace's list of conflicts changed: redraw what shows them. */
  conflictsChanged(): void;
  /** A workspace's files changed since the radar last looked (the diff viewer reads its diff again). */
  filesChanged(name: string): void;
}

interface Side {
  dir: string;
  /** The repository's shared git folder: only sides of one repository are merged. */
  repo: string | undefined;
  /** The paths it changed since its base: two sides that share none cannot conflict (no merge needed). */
  files: Set<string>;
  /** Its snapshot, undefined when it changed nothing since its base. */
  snapshot: { commit: string; tree: string } | undefined;
  /** The fingerprint its snapshot was taken under (undefined: take it again next time). */
  fingerprint: string | undefined;
  at: number;
}

/** A pair whose sides moved since it was last merged: the two snapshots to merge, in the first side's folder. */
interface DuePair {
  key: string;
  trees: string;
  dir: string;
  commits: [string, string];
}

interface PairResult {
  trees: string;
  files: string[];
}

export class ConflictRadar {
  private readonly sides = new Map<string, Side>();
  private readonly pairs = new Map<string, PairResult>();
  private found = new Map<string, RadarConflict[]>();
  private busy = false;
  /** No round starts before this (the rest after the last one). */
  private restUntil = 0;
  /** A merge failed last round (a git child timed out on a loaded machine) or was left for later: merge next round even if nothing moved. */
  private mergeAgain = false;
  /** Where the next round starts in the list of workspaces, and in the list of pairs due a merge (what the last one left). */
  private nextLook = 0;
  private nextMerge = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  /** Between start() and stop(); the timer may still be off while there is nothing to watch. */
  private running = false;

  constructor(
    private readonly list: () => RadarWorkspace[],
    private readonly cache: ChangeCache,
    private readonly events: RadarEvents,
    private readonly now: () => number = Date.now,
    private readonly merge: typeof mergeConflicts = mergeConflicts,
    /** CPU spent so far in ms (a round's cost is the difference): the server's and its reaped git children's. */
    private readonly cpuMs: () => number = workCpuTimeMs,
  ) {}

  start(): void {
    this.running = true;
    this.poll();
  }

  stop(): void {
    this.running = false;
    this.pause();
  }

  /**
   * A workspace was made or opened: poll again if the radar had stopped. Only a new workspace can end its sleep
   * (it sleeps once no workspace has a base and it has nothing left to forget, so a removal or a rename cannot).
   */
  nudge(): void {
    if (this.running) this.poll();
  }

  /** True while the radar polls; false while it sleeps with nothing to watch, or once stopped (server-info says which). */
  get polling(): boolean {
    return this.timer !== undefined;
  }

  private poll(): void {
    this.timer ??= setInterval(() => void this.tick(), RADAR_POLL_MS);
    // The radar never keeps the server alive.
    this.timer.unref();
  }

  private pause(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** The workspaces whose changes would conflict with `name`'s, with the files (empty when none, or not looked at yet). */
  conflictsOf(name: string): RadarConflict[] {
    return this.found.get(name) ?? [];
  }

  /** One round: look at every workspace, merge the pairs that moved. Exposed for tests. */
  async tick(): Promise<void> {
    if (this.busy || this.now() < this.restUntil) return;
    this.busy = true;
    const cpuBefore = this.cpuMs();
    const spent = () => this.cpuMs() - cpuBefore;
    try {
      const workspaces = this.list();
      // Nothing to watch and nothing left to forget or clear: sleep until nudged.
      if (workspaces.length === 0 && this.sides.size === 0 && this.found.size === 0) return this.pause();
      let moved = false;
      // One after another: a round is background work, never a burst of git children. Looks take at most
      // half a round (at least one look), so merges always get their turn.
      let looked = 0;
      for (const w of rotated(workspaces, this.nextLook)) {
        if (looked > 0 && spent() >= RADAR_ROUND_CPU_MS / 2) break;
        if (await this.look(w).catch(() => false)) moved = true;
        looked++;
      }
      this.nextLook = workspaces.length === 0 ? 0 : (this.nextLook + looked) % workspaces.length;
      const names = new Set(workspaces.map((w) => w.name));
      for (const name of [...this.sides.keys()]) {
        if (names.has(name)) continue;
        this.sides.delete(name);
        moved = true;
      }
      if (moved || this.mergeAgain) await this.mergeAll(workspaces.map((w) => w.name), spent);
    } finally {
      this.restUntil = this.now() + Math.min((this.cpuMs() - cpuBefore) * RADAR_REST_PER_WORK, RADAR_MAX_REST_MS);
      this.busy = false;
    }
  }

  /** Captures the workspace again when its files changed; true when its snapshot is another tree. */
  private async look(w: RadarWorkspace): Promise<boolean> {
    const side = this.sides.get(w.name);
    const same = side !== undefined && side.dir === w.dir;
    if (same && this.now() - side.at < RADAR_MIN_INTERVAL_MS) return false;
    if (same && side.fingerprint !== undefined && (await this.fingerprint(w.dir, side.repo)) === side.fingerprint) return false;
    // Taken before git looks: a worktree whose .git appears while git looks (it is being created) must not be vouched for as outside git.
    const outside = await outsideGitStamp(w.dir);
    const changes = await this.cache.get(w.dir, w.base);
    if (same) this.events.filesChanged(w.name);
    const places = this.cache.placesOf(w.dir);
    const snapshot = changes?.head !== undefined && changedSinceBase(changes) ? await snapshotCommit(w.dir, changes.head, places?.gitDir) : undefined;
    // A folder with a .git that git could not read (a git child failed, a half-made worktree) is looked at again next time.
    const fingerprint = changes ? this.cache.signatureOf(w.dir) : outside.hasGit ? undefined : outside.stamp;
    const files = new Set(changes ? [...changes.branchFiles, ...changes.changedFiles, ...changes.untrackedFiles] : []);
    this.sides.set(w.name, { dir: w.dir, repo: places?.commonDir, files, snapshot, fingerprint, at: this.now() });
    return snapshot?.tree !== side?.snapshot?.tree || !same;
  }

  /** The change cache's fingerprint; for a folder outside git, whether it could have become a repository. */
  private async fingerprint(dir: string, repo: string | undefined): Promise<string | undefined> {
    return repo === undefined ? (await outsideGitStamp(dir)).stamp : this.cache.fingerprint(dir);
  }

  private async mergeAll(names: string[], spent: () => number): Promise<void> {
    const found = new Map<string, RadarConflict[]>();
    const live = new Set<string>();
    const due: DuePair[] = [];
    const pairs: [string, string, string][] = [];
    for (let i = 0; i < names.length; i++) {
      for (let j = i + 1; j < names.length; j++) {
        const [a, b] = [names[i] as string, names[j] as string];
        const [sa, sb] = [this.sides.get(a), this.sides.get(b)];
        if (!sa?.snapshot || !sb?.snapshot || sa.repo === undefined || sa.repo !== sb.repo) continue;
        // Disjoint changes merge cleanly: no git child for them (with many workspaces most pairs are such).
        if (![...sa.files].some((f) => sb.files.has(f))) continue;
        const key = `${a}\0${b}`;
        live.add(key);
        pairs.push([key, a, b]);
        const trees = `${sa.snapshot.tree}:${sb.snapshot.tree}`;
        if (this.pairs.get(key)?.trees !== trees) due.push({ key, trees, dir: sa.dir, commits: [sa.snapshot.commit, sb.snapshot.commit] });
      }
    }
    await this.mergeDue(due, spent);
    for (const [key, a, b] of pairs) {
      // A pair not merged yet (git failed, or left for the next round) keeps what it last showed.
      const result = this.pairs.get(key);
      if (result === undefined || result.files.length === 0) continue;
      found.set(a, [...(found.get(a) ?? []), { workspace: b, files: result.files }]);
      found.set(b, [...(found.get(b) ?? []), { workspace: a, files: result.files }]);
    }
    for (const key of [...this.pairs.keys()]) if (!live.has(key)) this.pairs.delete(key);
    const changed = JSON.stringify([...found].sort()) !== JSON.stringify([...this.found].sort());
    this.found = found;
    if (changed) this.events.conflictsChanged();
  }

  /** Merges the pairs whose sides moved, while the round has CPU left (at least one); the others wait for the next round. */
  private async mergeDue(due: DuePair[], spent: () => number): Promise<void> {
    this.mergeAgain = false;
    let merged = 0;
    for (const pair of rotated(due, this.nextMerge)) {
      if (merged > 0 && spent() >= RADAR_ROUND_CPU_MS) {
        this.mergeAgain = true;
        break;
      }
      merged++;
      const files = await this.merge(pair.dir, ...pair.commits).catch(() => undefined);
      if (files === undefined) this.mergeAgain = true;
      else this.pairs.set(pair.key, { trees: pair.trees, files });
    }
    this.nextMerge = due.length === 0 ? 0 : (this.nextMerge + merged) % due.length;
  }
}

/** The list starting at `from` (wrapping round): what one round left undone is done first by the next. */
function rotated<T>(list: readonly T[], from: number): T[] {
  const start = list.length === 0 ? 0 : from % list.length;
  return [...list.slice(start), ...list.slice(0, start)];
}

/**
 * A folder outside git is looked at again (with a git child) only when its `.git` appears or
 * changes, or its parent's does (git init, a clone into it), not every few seconds.
 */
async function outsideGitStamp(dir: string): Promise<{ stamp: string; hasGit: boolean }> {
  const stamp = async (file: string) => {
    try {
      const s = await fs.promises.stat(file);
      return `${s.mtimeMs}:${s.ino}`;
    } catch {
      return '-';
    }
  };
  const own = await stamp(path.join(dir, '.git'));
  return { stamp: `outside git:${own}:${await stamp(path.join(path.dirname(dir), '.git'))}`, hasGit: own !== '-' };
}

/** Files changed since the base, committed or not (or, without a base, any uncommitted change). */
function changedSinceBase(changes: WorkspaceChanges): boolean {
  if (changes.branch) return changes.branch.files > 0;
  return changes.changedFiles.length > 0 || changes.untrackedFiles.length > 0;
}
