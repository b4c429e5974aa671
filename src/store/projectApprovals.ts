// The project files one server's user approved: by where the file is (its own path, never a link's
// target: see projectFile.ts) and the hash of what it would run, so a changed file or script must be
// approved again. One versioned JSON file in the server's state directory, written atomically; a
// file that does not parse or has the wrong shape is moved aside (bytes kept) and reported, and
// approvals start again empty (asking again is safe, running unasked is not). Approvals of version 1
// (kept by a file's real path and its JSON alone) no longer apply: the user is asked again.

import fs from 'node:fs';
import path from 'node:path';
import { MAX_APPROVED_VERSIONS, MAX_PROJECT_APPROVALS } from '../limits.js';
import { InvalidInput, record, str } from '../protocol/validate.js';
import { writeFileAtomic } from './atomicWrite.js';
import { moveAside } from './moveAside.js';

export const APPROVALS_VERSION = 2;
/** Approvals of this version were kept by a file's real path (a symbolic link's target) and its JSON alone. */
const LINK_FOLLOWING_VERSION = 1;
const APPROVALS_FILE = 'approved-projects.json';

export interface ProjectApproval {
  /** Where the approved file is: `<folder>/.tessera.json`, for a worktree its repository's. */
  file: string;
  /** What it would run: see approvalHash in projectFile.ts. */
  hash: string;
  /** ISO 8601. */
  approved: string;
}

export class ProjectApprovals {
  readonly file: string;
  private approvals: ProjectApproval[] | undefined;
  /** What went wrong reading or writing the file, for the server log and the user. */
  problem: string | undefined;

  /** `readOnly`: a look without a server (tessera templates): a damaged file is reported and left for the server to move aside. */
  constructor(
    serverStateDir: string,
    private readonly options: { readOnly?: boolean } = {},
  ) {
    this.file = path.join(serverStateDir, APPROVALS_FILE);
  }

  isApproved(file: string, hash: string): boolean {
    return this.load().some((a) => a.file === file && a.hash === hash);
  }

  /**
   * Remembers what the file would run now; throws when it cannot be written. The file's earlier
   * approved versions stay (the newest MAX_APPROVED_VERSIONS): a worktree on another branch may
   * have its own version of the file, approved on its own.
   */
  approve(file: string, hash: string, now: Date = new Date()): void {
    if (this.options.readOnly) throw new Error('these project approvals were read only to look');
    const all = this.load().filter((a) => !(a.file === file && a.hash === hash));
    const versions = all.filter((a) => a.file === file);
    const dropped = new Set(versions.slice(0, Math.max(0, versions.length - MAX_APPROVED_VERSIONS + 1)));
    const next = [...all.filter((a) => !dropped.has(a)), { file, hash, approved: now.toISOString() }].slice(-MAX_PROJECT_APPROVALS);
    writeFileAtomic(this.file, `${JSON.stringify({ version: APPROVALS_VERSION, approvals: next }, null, 2)}\n`);
    this.approvals = next;
  }

  private load(): ProjectApproval[] {
    if (this.approvals) return this.approvals;
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.problem = `cannot read the project approvals ${this.file}: ${(error as Error).message}`;
      return (this.approvals = []);
    }
    try {
      const value: unknown = JSON.parse(text);
      if (isOldVersion(value)) {
        this.problem = `project files approved by an earlier tessera are asked about again (those approvals followed symbolic links and covered the file's text only, not the scripts it runs)`;
        return (this.approvals = []);
      }
      this.approvals = parseApprovals(value);
    } catch (error) {
      const why = error instanceof SyntaxError ? `it is not valid JSON (${error.message})` : `it has the wrong shape (${(error as Error).message})`;
      if (this.options.readOnly) {
        this.problem = `the project approvals ${this.file} are damaged: ${why}; the server moves them aside when it starts`;
        return (this.approvals = []);
      }
      try {
        this.problem = `the project approvals were moved aside: ${why}; its bytes are kept in ${moveAside(this.file)}; approve project files again`;
      } catch (moveError) {
        this.problem = `the project approvals ${this.file} are damaged (${why}) and could not be moved aside: ${(moveError as Error).message}`;
      }
      this.approvals = [];
    }
    return this.approvals;
  }
}

function isOldVersion(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { version?: unknown }).version === LINK_FOLLOWING_VERSION;
}

export function parseApprovals(value: unknown): ProjectApproval[] {
  const f = record(value, 'the approvals file');
  if (f.version !== APPROVALS_VERSION) throw new InvalidInput(`version must be ${APPROVALS_VERSION}`);
  if (!Array.isArray(f.approvals)) throw new InvalidInput('approvals must be a list');
  return f.approvals.map((a, i) => {
    const entry = record(a, `approvals[${i}]`);
    const hash = str(entry.hash, `approvals[${i}].hash`, 64);
    if (!/^[0-9a-f]{64}$/.test(hash)) throw new InvalidInput(`approvals[${i}].hash must be a sha256 in hex`);
    const approved = str(entry.approved, `approvals[${i}].approved`, 64);
    if (Number.isNaN(Date.parse(approved))) throw new InvalidInput(`approvals[${i}].approved must be a date`);
    return { file: str(entry.file, `approvals[${i}].file`), hash, approved };
  });
}
