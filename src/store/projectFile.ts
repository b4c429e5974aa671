// A project's own file, `.tessera.json` at the root of a repository or folder: templates and a setup
// command the project suggests. It comes with the code, not from the user, so nothing in it runs
// until the user approved what it would run (see projectApprovals.ts); here it is only read.
//
// What is approved is what would execute: the file's bytes and the files of the folder its commands
// run as programs or scripts (projectScripts.ts). The file must be a file of the folder itself: a
// symbolic link is refused (never followed), so a repository cannot point at a file approved
// elsewhere and borrow its approval.

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_PROJECT_FILE_BYTES, MAX_PROJECT_SCRIPT_BYTES, MAX_PROJECT_SCRIPTS } from '../limits.js';
import { InvalidInput, record, str } from '../protocol/validate.js';
import { tokenizeShellCommand } from '../shell/tokenize.js';
import { executedPaths } from './projectScripts.js';
import { checkStackProfile, stackCommands, type StackProfile } from './stackProfile.js';
import { describeTemplatePane, parseTemplates, type WorkspaceTemplate } from './workspaceTemplate.js';

export const PROJECT_FILE_NAME = '.tessera.json';
const FIELDS = ['templates', 'setupCommand', 'stack'];
/** What the approval hash covers, and how; a new scheme makes every older approval stop matching. */
const HASH_SCHEME = 'tessera project approval 2';

/** A file of the folder that a command of the project file runs (or sources), as it is now. */
export interface ProjectScript {
  /** Its path relative to the folder, as the command names it (normalized). */
  name: string;
  /** sha256 of its contents (through a symbolic link: of what the link leads to). */
  hash: string;
}

export interface ProjectFile {
  /** `<folder>/.tessera.json`: the file itself, never a link's target. */
  file: string;
  /** Where its commands run; the files they name are read here. */
  folder: string;
  /** sha256 over the file's bytes and every script it names: a change to any of them needs a new approval. */
  hash: string;
  scripts: ProjectScript[];
  templates: WorkspaceTemplate[];
  /** Run in a pane of every new worktree or clone of the project; '' for none. */
  setupCommand: string;
  /** The workspace's own running app (see stackProfile.ts), when the file declares one. */
  stack?: StackProfile;
}

type ParsedProject = Pick<ProjectFile, 'templates' | 'setupCommand' | 'stack'>;

export type ProjectRead = { project: ProjectFile } | { none: true } | { problem: string };

/** The project file in `folder`, if there is one. A file that cannot be used is a problem to tell, never half used. */
export function readProjectFile(folder: string): ProjectRead {
  const file = path.join(folder, PROJECT_FILE_NAME);
  const bytes = readOwnFile(file);
  if (!Buffer.isBuffer(bytes)) return bytes;
  let parsed: ParsedProject;
  try {
    parsed = parseProjectFile(JSON.parse(bytes.toString('utf8')));
  } catch (error) {
    const why = error instanceof SyntaxError ? `it is not valid JSON (${error.message})` : (error as Error).message;
    return { problem: `${file} is not used: ${why}` };
  }
  const scripts = readScripts(folder, parsed);
  if ('problem' in scripts) return { problem: `${file} is not used: ${scripts.problem}` };
  return { project: { file, folder, hash: approvalHash(hashBytes(bytes), scripts.scripts), scripts: scripts.scripts, ...parsed } };
}

/** The file's bytes, read without following a symbolic link; absent, or a problem to tell. */
function readOwnFile(file: string): Buffer | { none: true } | { problem: string } {
  let fd: number | undefined;
  try {
    const stat = fs.lstatSync(file);
    if (stat.isSymbolicLink()) {
      return { problem: `${file} is a symbolic link (to ${fs.readlinkSync(file)}); a project file must be a file of its own in the repository, so nothing of it is used` };
    }
    if (!stat.isFile()) return { problem: `${file} is not a file; nothing of it is used` };
    // O_NOFOLLOW: a link swapped in after the check is refused, not read.
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    const size = fs.fstatSync(fd).size;
    if (size > MAX_PROJECT_FILE_BYTES) return { problem: `${file} is larger than ${MAX_PROJECT_FILE_BYTES} bytes; nothing of it is used` };
    return fs.readFileSync(fd);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { none: true };
    if (code === 'ELOOP') return { problem: `${file} became a symbolic link; nothing of it is used` };
    return { problem: `cannot read ${file}: ${(error as Error).message}` };
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** The files of `folder` that the project's commands execute, each hashed; files outside it or absent are not. */
function readScripts(folder: string, project: ParsedProject): { scripts: ProjectScript[] } | { problem: string } {
  const names = new Set<string>();
  for (const { argv, cwd } of commandLines(project)) {
    for (const named of executedPaths(argv)) {
      const relative = path.relative(folder, path.resolve(folder, cwd, named));
      if (relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)) names.add(relative);
    }
  }
  const scripts: ProjectScript[] = [];
  for (const name of [...names].sort()) {
    const full = path.join(folder, name);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(full);
    } catch {
      continue; // not there (yet): nothing of it can run now
    }
    if (!stat.isFile()) continue;
    if (stat.size > MAX_PROJECT_SCRIPT_BYTES) return { problem: `its commands run ${name}, larger than ${MAX_PROJECT_SCRIPT_BYTES} bytes (too large to approve by its contents)` };
    if (scripts.length >= MAX_PROJECT_SCRIPTS) return { problem: `its commands run more than ${MAX_PROJECT_SCRIPTS} files of the folder` };
    try {
      scripts.push({ name, hash: hashBytes(fs.readFileSync(full)) });
    } catch (error) {
      return { problem: `its commands run ${name}, which cannot be read: ${(error as Error).message}` };
    }
  }
  return { scripts };
}

/** Every command the file could start, as argv with the folder (relative) it runs in: the setup command's words, each template command, the stack's services and hooks. */
function commandLines(project: ParsedProject): { argv: string[]; cwd: string }[] {
  const lines: { argv: string[]; cwd: string }[] = [];
  const stack = project.stack ? [...project.stack.services, ...Object.values(project.stack.hooks).map((command) => ({ command, cwd: '' }))] : [];
  for (const { command, cwd } of [{ command: project.setupCommand, cwd: '' }, ...stack]) {
    if (command === '') continue;
    const tokens = tokenizeShellCommand(command);
    if (tokens.ok) lines.push({ argv: tokens.argv, cwd });
  }
  for (const template of project.templates) for (const pane of template.panes) if ('command' in pane) lines.push({ argv: pane.command, cwd: '' });
  return lines;
}

export function hashBytes(bytes: Buffer | string): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/** The hash an approval is kept by: the file's own hash and each script's, by name. */
export function approvalHash(fileHash: string, scripts: readonly ProjectScript[]): string {
  return hashBytes([HASH_SCHEME, `file ${fileHash}`, ...scripts.map((s) => `script ${s.hash} ${s.name}`)].join('\n'));
}

export function parseProjectFile(value: unknown): ParsedProject {
  const f = record(value, PROJECT_FILE_NAME);
  const unknown = Object.keys(f).filter((k) => !FIELDS.includes(k));
  if (unknown.length > 0) throw new InvalidInput(`unknown field '${unknown[0]}' (a project file may hold ${FIELDS.join(', ')})`);
  return {
    templates: f.templates === undefined ? [] : parseTemplates(f.templates, 'templates'),
    setupCommand: f.setupCommand === undefined ? '' : str(f.setupCommand, 'setupCommand', 4096).trim(),
    ...(f.stack === undefined ? {} : { stack: parseStack(f.stack) }),
  };
}

function parseStack(value: unknown): StackProfile {
  const checked = checkStackProfile(value);
  if (!checked.profile) throw new InvalidInput(checked.problems.join('; '));
  return checked.profile;
}

/** Everything the file would start, one line each, as the user is asked to approve it. */
export function projectCommands(project: ParsedProject): string[] {
  const lines = project.templates.map((t) => `template ${t.name}: ${t.panes.map(describeTemplatePane).join(' | ')}`);
  if (project.stack) lines.push(...stackCommands(project.stack));
  if (project.setupCommand !== '') lines.unshift(`setupCommand: ${project.setupCommand}`);
  return lines;
}
