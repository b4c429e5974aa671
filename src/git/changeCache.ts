// Each workspace folder's change counts (src/git/changeSummary.ts), kept with a stat-only fingerprint
// of its repository and working tree (src/git/treeSignature.ts): asked again, a folder whose
// fingerprint has not moved is answered from memory without a git child, so `ls` over many
// workspaces costs a few stat() calls each when nothing changed. Counts taken while the folder was
// changing (the fingerprint moved during the count) are not kept.

import { countChanges, type WorkspaceChanges } from './changeSummary.js';
import { branchMerged } from './mergedBranch.js';
import { readStatus } from './statusV2.js';
import { outsideSignature } from './outsideRepo.js';
import { findGitPlaces, headAndIndex, trackedFiles, treeSignature, type GitPlaces } from './treeSignature.js';
import type { StoredChanges } from '../store/storedChanges.js';

/** A folder's counts and fingerprint (as kept on disk, less its key), and the "merged?" answer while it is asked. */
interface Entry extends Omit<StoredChanges, 'dir' | 'merged'> {
  /** Whether its branch is merged into its base, once asked (the fingerprint covers both branches' refs and the index). */
  merged?: Promise<boolean>;
  /** The answer `merged` resolved to, once it has (what is kept on disk). */
  mergedAnswer?: boolean;
  /** The tracked files and the HEAD and index they were listed under (in memory only): an unchanged index lists the same files. */
  tracked?: { gate: string; files: string[] };
}

export class ChangeCache {
  /** `status` reads the folder's status (git status); tests pass one that changes the folder meanwhile. */
  constructor(private readonly status: typeof readStatus = readStatus) {}

  private readonly entries = new Map<string, Entry>();
  /** Folders git said are in no repository, with their outside signature then (src/git/outsideRepo.ts). */
  private readonly outside = new Map<string, string>();
  /** One count at a time per folder: callers that ask meanwhile share it. */
  private readonly running = new Map<string, Promise<WorkspaceChanges | undefined>>();
  /** Counts made with git (not answered from memory), for tests and the bench. */
  computed = 0;
  /** "Merged?" asked of git (not answered from memory), for tests and the bench. */
  mergeChecks = 0;
  /** Called when a count or a "merged?" answer is kept (the server then saves them: changeCacheFile.ts). */
  onKept: () => void = () => {};

  /** What is kept, for the file a next server starts from. */
  stored(): StoredChanges[] {
    return [...this.entries].map(([dir, e]) => ({ dir, base: e.base, places: e.places, files: e.files, branchName: e.branchName, signature: e.signature, changes: e.changes, merged: e.mergedAnswer }));
  }

  /** Takes what a previous server kept: each is answered from memory only while its fingerprint still matches. */
  restore(stored: readonly StoredChanges[]): void {
    for (const s of stored) {
      const entry: Entry = { base: s.base, places: s.places, files: s.files, branchName: s.branchName, signature: s.signature, changes: s.changes };
      if (s.merged !== undefined) {
        entry.merged = Promise.resolve(s.merged);
        entry.mergedAnswer = s.merged;
      }
      this.entries.set(s.dir, entry);
    }
  }

  /**
   * The folder's counts, from memory when nothing changed; undefined when it is not in a git repository.
   * A caller that arrives while a count runs shares it only if that count still holds when it ends: it
   * may have read the folder before what this caller just did to it (a `tessera switch`, a commit), and
   * an answer older than the question is wrong. Otherwise the folder is counted again for this caller.
   */
  get(dir: string, base: string | undefined): Promise<WorkspaceChanges | undefined> {
    const running = this.running.get(dir);
    if (running) return running.then(async (shared) => ((await this.stillHolds(dir, base)) ? shared : this.answer(dir, base)));
    const promise = this.answer(dir, base).finally(() => this.running.delete(dir));
    this.running.set(dir, promise);
    return promise;
  }

  /** The kept count of a folder matches it as it is now (its fingerprint has not moved since). */
  private async stillHolds(dir: string, base: string | undefined): Promise<boolean> {
    const entry = this.entries.get(dir);
    if (!entry || entry.base !== base) return false;
    return (await treeSignature(entry.places, entry.files, { branch: entry.branchName, base })) === entry.signature;
  }

  /**
   * Whether the folder's branch is merged into its base (src/git/mergedBranch.ts), asked of git once per
   * fingerprint: the fingerprint moves with the branch's and the base's refs (local and origin's), so a
   * merge, a fetch or a new commit asks again. A folder being changed is asked every time.
   */
  async merged(dir: string, base: string | undefined): Promise<boolean> {
    if (base === undefined) return false;
    const changes = await this.get(dir, base);
    const entry = this.entries.get(dir);
    if (!changes || !entry || entry.base !== base) return this.askMerged(dir, base);
    entry.merged ??= this.askMerged(dir, base).then((answer) => {
      if (this.entries.get(dir) === entry) {
        entry.mergedAnswer = answer;
        this.onKept();
      }
      return answer;
    });
    return entry.merged;
  }

  private askMerged(dir: string, base: string): Promise<boolean> {
    this.mergeChecks++;
    return branchMerged(dir, base).catch(() => false);
  }

  /** The last counts of a folder without asking anything (undefined when never counted). */
  last(dir: string): WorkspaceChanges | undefined {
    return this.entries.get(dir)?.changes;
  }

  /** The fingerprint of a folder counted before, read now; undefined when it was never counted. */
  async fingerprint(dir: string): Promise<string | undefined> {
    const entry = this.entries.get(dir);
    return entry ? treeSignature(entry.places, entry.files, { branch: entry.branchName, base: entry.base }) : undefined;
  }

  /** The repository places of a folder counted before (its shared git folder names its repository). */
  placesOf(dir: string): GitPlaces | undefined {
    return this.entries.get(dir)?.places;
  }

  /** The fingerprint the last kept count was made under. */
  signatureOf(dir: string): string | undefined {
    return this.entries.get(dir)?.signature;
  }

  forget(dir: string): void {
    this.entries.delete(dir);
    this.outside.delete(dir);
  }

  private async answer(dir: string, base: string | undefined): Promise<WorkspaceChanges | undefined> {
    const known = this.entries.get(dir);
    if (known && known.base === base) {
      const now = await treeSignature(known.places, known.files, { branch: known.branchName, base });
      if (now === known.signature) return known.changes;
    }
    const outside = this.outside.get(dir);
    if (!known && outside !== undefined) {
      if (outsideSignature(dir) === outside) return undefined;
      this.outside.delete(dir);
    }
    // Stamped before git is asked: a .git made while it answers moves the stamps, and git is asked again next time.
    const stampedOutside = known ? undefined : outsideSignature(dir);
    const found = known?.places ?? (await findGitPlaces(dir));
    if (found === 'outside' && stampedOutside !== undefined) this.outside.set(dir, stampedOutside);
    const places = found === 'outside' ? undefined : found;
    if (!places) {
      this.entries.delete(dir);
      return undefined;
    }
    this.computed++;
    const gate = await headAndIndex(places);
    const listed = known?.tracked?.gate === gate ? known.tracked.files : undefined;
    const tracked = listed ?? (await trackedFiles(places.top).catch(() => undefined));
    if (!tracked) {
      this.entries.delete(dir);
      return undefined;
    }
    // The files known before git status reads the folder (the tracked ones, and those the last count listed),
    // stamped before it and again after the count: a file written just after the status read it (in place, so no
    // folder's time moves) would otherwise be vouched for by fingerprints taken later, and its change never counted.
    const watched = [...new Set([...tracked, ...(known?.files ?? [])])];
    const watchedRefs = { branch: known?.branchName, base };
    const beforeStatus = await treeSignature(places, watched, watchedRefs);
    const status = await this.status(dir);
    if (!status) {
      this.entries.delete(dir);
      return undefined;
    }
    const files = [...tracked, ...status.untracked];
    const refs = { branch: status.branch, base };
    // Fingerprints taken around the count: a change made while git counted must not leave a count
    // that the fingerprint would then vouch for.
    const before = await treeSignature(places, files, refs);
    const changes = await countChanges(dir, base, status, places.gitDir);
    const after = await treeSignature(places, files, refs);
    const stood = before === after && beforeStatus === (await treeSignature(places, watched, watchedRefs));
    if (stood && (await headAndIndex(places)) === gate) {
      this.entries.set(dir, { base, places, files, branchName: status.branch, signature: after, changes, tracked: { gate, files: tracked } });
      this.onKept();
    } else this.entries.delete(dir);
    return changes;
  }
}
