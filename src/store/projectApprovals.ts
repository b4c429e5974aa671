// The project files one server's user approved: by real path and content hash, so a changed file
// must be approved again. One versioned JSON file in the server's state directory, written
// atomically; a file that does not parse or has the wrong shape is moved aside (bytes kept) and
// reported, and approvals start again empty (asking again is safe, running unasked is not).

import fs from 'node:fs';
import path from 'node:path';
import { MAX_PROJECT_APPROVALS } from '../limits.js';
import { InvalidInput, record, str } from '../protocol/validate.js';
import { writeFileAtomic } from './atomicWrite.js';
import { moveAside } from './moveAside.js';

export const APPROVALS_VERSION = 1;
const APPROVALS_FILE = 'approved-projects.json';

export interface ProjectApproval {
  file: string;
  hash: string;
  /** ISO 8601. */
  approved: string;
}

export class ProjectApprovals {
  readonly file: string;
  private approvals: ProjectApproval[] | undefined;
  /** What went wrong reading or writing the file, for the server log and the user. */
  problem: string | undefined;

  constructor(serverStateDir: string) {
    this.file = path.join(serverStateDir, APPROVALS_FILE);
  }

  isApproved(file: string, hash: string): boolean {
    return this.load().some((a) => a.file === file && a.hash === hash);
  }

  /** Remembers the file as it is now (replacing an approval of its earlier contents); throws when it cannot be written. */
  approve(file: string, hash: string, now: Date = new Date()): void {
    const others = this.load().filter((a) => a.file !== file);
    const next = [...others, { file, hash, approved: now.toISOString() }].slice(-MAX_PROJECT_APPROVALS);
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
      this.approvals = parseApprovals(JSON.parse(text));
    } catch (error) {
      const why = error instanceof SyntaxError ? `it is not valid JSON (${error.message})` : `it has the wrong shape (${(error as Error).message})`;
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
