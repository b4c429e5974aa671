// tessera diff: what a workspace brings to its base (committed, uncommitted and untracked changes), or
// only its uncommitted or staged changes, or a range; as a patch, a stat, names, or per-file data.

import { UsageError, boolFlag } from './argParser.js';
import { diffOutput } from './diffOutput.js';
import type { Commit, DiffAgainst, FileChange } from '../git/workspaceDiff.js';
import { InvalidInput, oneOf, optBool, optStr, optStrArray } from '../protocol/validate.js';
import { terminalJson, visibleText } from '../term/visibleText.js';
import { defineCommand } from './contract.js';
import { jsonFlag } from './targets.js';

export type DiffViewName = 'branch' | 'uncommitted' | 'staged' | 'range';
/** `review`: everything the diff viewer shows (files, commits since the base, the patch, conflicts). */
export type DiffFormat = 'patch' | 'stat' | 'name-only' | 'json' | 'review';

export interface DiffArgs {
  workspace?: string;
  view: DiffViewName;
  range?: string;
  untracked: boolean;
  format: DiffFormat;
  /** As typed: relative to the caller's folder when it is inside the workspace, else to the workspace folder. */
  paths: string[];
}

/** Another workspace of the same repository whose changes would conflict with this one's. */
export interface DiffConflict {
  workspace: string;
  files: string[];
  /** review: each file with the lines of this workspace's version that the other also changed (none known: empty). */
  places?: { path: string; ranges: [number, number][] }[];
}

export interface DiffResult {
  workspace: string;
  against: DiffAgainst;
  /** patch, stat, name-only and review. */
  text?: string;
  /** json and review. */
  files?: FileChange[];
  /** review: the commits since the base, newest first. */
  commits?: Commit[];
  /** json and review, once the conflict radar has looked. */
  conflicts?: DiffConflict[];
}

const MAX_RANGE_CHARS = 256;
const MAX_PATHS = 256;

export const diff = defineCommand<DiffArgs, DiffResult>({
  name: 'diff',
  summary: 'what a workspace brings to its base: commits, changes and new files',
  usage: `tessera diff [-t WORKSPACE] [--uncommitted | --staged | RANGE] [--stat | --name-only | --json]
             [--no-untracked] [-- PATHS…]

  By default prints everything the workspace would bring to its base branch: the changes from the
  merge base of the base and HEAD to the working tree, committed or not, new (untracked) files
  included. A workspace without a base (an adopted folder) is compared with HEAD, and tessera says
  so on stderr. Default workspace: the one you are in (the pane's, else the one whose folder holds
  the current directory).
  --uncommitted   only what is not committed yet (against HEAD), untracked files included
  --staged        only what is staged (the index against HEAD)
  RANGE           a git range or commit (main..HEAD, HEAD~3); with a single commit the working tree
                  is its other side
  --stat          one line per file;  --name-only: the file names
  --json          { workspace, against: { label, commit?, note? }, files: [{ path, status, added,
                  removed, binary }], conflicts: [{ workspace, files }] }; status is added,
                  modified, deleted, typechange, unmerged or untracked
  --no-untracked  leave new (untracked) files out
  -- PATHS        only these files or folders (inside the workspace)
  Control characters in names and contents are shown as marks (^[ for ESC, <U+009B> for C1), and on
  a terminal tessera colours the patch. Inside tessera, prefix G shows it in a viewer pane.`,
  flags: [
    { name: 'target', short: 't', value: true, valueHint: 'a workspace name (tessera ls lists them)' },
    { name: 'uncommitted' },
    { name: 'staged' },
    { name: 'stat' },
    { name: 'name-only' },
    jsonFlag,
    { name: 'no-untracked' },
  ],
  maxPositionals: 1,
  fromCli: (args) => {
    const range = args.positionals[0];
    const views = [boolFlag(args, 'uncommitted') && '--uncommitted', boolFlag(args, 'staged') && '--staged', range !== undefined && 'RANGE'].filter(Boolean);
    if (views.length > 1) throw new UsageError(`${views.join(' and ')} cannot be combined: pick one`);
    const formats = (['stat', 'name-only', 'json'] as const).filter((f) => boolFlag(args, f));
    if (formats.length > 1) throw new UsageError(`${formats.map((f) => `--${f}`).join(' and ')} cannot be combined: pick one`);
    if (range !== undefined) checkRange(range, (message) => new UsageError(message));
    const view: DiffViewName = boolFlag(args, 'uncommitted') ? 'uncommitted' : boolFlag(args, 'staged') ? 'staged' : range !== undefined ? 'range' : 'branch';
    return {
      workspace: typeof args.flags.get('target') === 'string' ? (args.flags.get('target') as string) : undefined,
      view,
      range,
      untracked: !boolFlag(args, 'no-untracked'),
      format: formats[0] ?? 'patch',
      paths: args.rest ?? [],
    };
  },
  parse: (fields) => {
    const view = oneOf(fields.view ?? 'branch', 'view', ['branch', 'uncommitted', 'staged', 'range'] as const);
    const range = optStr(fields.range, 'range', MAX_RANGE_CHARS);
    if (view === 'range') {
      if (range === undefined) throw new InvalidInput('range is required when view is range');
      checkRange(range, (message) => new InvalidInput(message));
    } else if (range !== undefined) throw new InvalidInput('range is only for view range');
    const paths = optStrArray(fields.paths, 'paths', MAX_PATHS) ?? [];
    for (const p of paths) if (p.length === 0 || p.length > 4096 || p.includes('\0')) throw new InvalidInput('each path must be 1 to 4096 characters, without NUL');
    return {
      workspace: optStr(fields.workspace, 'workspace', 64),
      view,
      range,
      untracked: optBool(fields.untracked, 'untracked') ?? true,
      format: oneOf(fields.format ?? 'patch', 'format', ['patch', 'stat', 'name-only', 'json', 'review'] as const),
      paths,
    };
  },
  print: (result, args, output) => {
    if (result.against.note) output.err(`tessera: ${result.workspace}: ${result.against.note}\n`);
    if (boolFlag(args, 'json')) {
      output.out(`${terminalJson({ workspace: result.workspace, against: result.against, files: result.files ?? [], conflicts: result.conflicts ?? [] }, 2)}\n`);
      return;
    }
    // Escaped and coloured here (diffOutput), so it goes out as it is.
    const color = process.stdout.isTTY === true && !boolFlag(args, 'name-only');
    output.outRaw(diffOutput(result.text ?? '', { stat: boolFlag(args, 'stat'), color }));
  },
});

/** A range is handed to git as a revision: never an option, never a path, nothing invisible. */
function checkRange(range: string, fail: (message: string) => Error): void {
  if (range.length === 0 || range.length > MAX_RANGE_CHARS) throw fail(`a range is 1 to ${MAX_RANGE_CHARS} characters`);
  if (range.startsWith('-')) throw fail(`'${visibleText(range)}' is not a range: it starts with '-' (paths go after --)`);
  if (/[\s\x00-\x1f\x7f]/.test(range)) throw fail(`'${visibleText(range)}' is not a range: it holds spaces or control characters`);
}
