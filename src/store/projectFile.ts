// A project's own file, `.tessera.json` at the root of a repository or folder: templates and a setup
// command the project suggests. It comes with the code, not from the user, so nothing in it runs
// until the user approved the file as it is (see projectApprovals.ts); here it is only read.

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_PROJECT_FILE_BYTES } from '../limits.js';
import { InvalidInput, record, str } from '../protocol/validate.js';
import { describeTemplatePane, parseTemplates, type WorkspaceTemplate } from './workspaceTemplate.js';

export const PROJECT_FILE_NAME = '.tessera.json';
const FIELDS = ['templates', 'setupCommand'];

export interface ProjectFile {
  /** The file's real path: what an approval is remembered by, with the hash. */
  file: string;
  /** sha256 of the file's bytes: any change needs a new approval. */
  hash: string;
  templates: WorkspaceTemplate[];
  /** Run in a pane of every new worktree or clone of the project; '' for none. */
  setupCommand: string;
}

export type ProjectRead = { project: ProjectFile } | { none: true } | { problem: string };

/** The project file in `folder`, if there is one. A file that cannot be used is a problem to tell, never half used. */
export function readProjectFile(folder: string): ProjectRead {
  const candidate = path.join(folder, PROJECT_FILE_NAME);
  let bytes: Buffer;
  let file: string;
  try {
    file = fs.realpathSync(candidate);
    const stat = fs.statSync(file);
    if (!stat.isFile()) return { problem: `${candidate} is not a file; nothing of it is used` };
    if (stat.size > MAX_PROJECT_FILE_BYTES) return { problem: `${candidate} is larger than ${MAX_PROJECT_FILE_BYTES} bytes; nothing of it is used` };
    bytes = fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { none: true };
    return { problem: `cannot read ${candidate}: ${(error as Error).message}` };
  }
  try {
    return { project: { file, hash: hashProjectFile(bytes), ...parseProjectFile(JSON.parse(bytes.toString('utf8'))) } };
  } catch (error) {
    const why = error instanceof SyntaxError ? `it is not valid JSON (${error.message})` : (error as Error).message;
    return { problem: `${candidate} is not used: ${why}` };
  }
}

export function hashProjectFile(bytes: Buffer | string): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

export function parseProjectFile(value: unknown): Pick<ProjectFile, 'templates' | 'setupCommand'> {
  const f = record(value, PROJECT_FILE_NAME);
  const unknown = Object.keys(f).filter((k) => !FIELDS.includes(k));
  if (unknown.length > 0) throw new InvalidInput(`unknown field '${unknown[0]}' (a project file may hold ${FIELDS.join(' and ')})`);
  return {
    templates: f.templates === undefined ? [] : parseTemplates(f.templates, 'templates'),
    setupCommand: f.setupCommand === undefined ? '' : str(f.setupCommand, 'setupCommand', 4096).trim(),
  };
}

/** Everything the file would start, one line each, as the user is asked to approve it. */
export function projectCommands(project: Pick<ProjectFile, 'templates' | 'setupCommand'>): string[] {
  const lines = project.templates.map((t) => `template ${t.name}: ${t.panes.map(describeTemplatePane).join(' | ')}`);
  if (project.setupCommand !== '') lines.unshift(`setupCommand: ${project.setupCommand}`);
  return lines;
}
