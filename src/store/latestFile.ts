// One file this process rewrites whole, again and again (a workspace record, the session history): each rewrite is
// atomic (atomicWrite.ts), and of the writes and the removal asked of it, the latest always stands, even when a
// background write asked earlier finishes later.

import fs from 'node:fs';
import { writeFileAtomic, writeFileAtomicInBackground } from './atomicWrite.js';

export class LatestFile {
  /** Writes and removals asked so far: a background write lands only if it is still the latest. */
  private asked = 0;
  /** Background writes under way, each settled (never rejecting), to wait for. */
  private readonly underWay = new Set<Promise<void>>();

  constructor(readonly path: string) {}

  /**
   * Writes `data` without holding the event loop while the disk flushes. True once it landed; false when a later
   * write or the removal came first (that one stands); rejects, the file as it was, when the disk refused.
   */
  write(data: string): Promise<boolean> {
    const mine = ++this.asked;
    const written = writeFileAtomicInBackground(this.path, data, () => this.asked === mine);
    const settled: Promise<void> = written.then(
      () => undefined,
      () => undefined,
    ).finally(() => this.underWay.delete(settled));
    this.underWay.add(settled);
    return written;
  }

  /** Writes `data` now, waiting for the disk; a background write still under way will not land. */
  writeNow(data: string): void {
    this.asked += 1;
    writeFileAtomic(this.path, data);
  }

  /** Deletes the file; a background write still under way will not land. */
  remove(): void {
    this.asked += 1;
    fs.rmSync(this.path, { force: true });
  }

  /** A background write has not finished yet. */
  get writing(): boolean {
    return this.underWay.size > 0;
  }

  /** Resolves once every background write asked so far has landed, been overtaken or failed. */
  async settled(): Promise<void> {
    await Promise.all([...this.underWay]);
  }
}
