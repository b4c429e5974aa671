// The stored form of a workspace: everything needed to list it while dormant and to start it again
// exactly as it was left. Parsed strictly: a record from outside is data, never trusted.

import path from 'node:path';
import { InvalidInput, bool, int, oneOf, optStr, record, str, strArray, type Fields } from '../protocol/validate.js';
import { checkWorkspaceName } from './workspaceName.js';
import { MAX_PANE_NAME_CHARS } from '../limits.js';

/**
 * Bump when the shape changes incompatibly, and add a step to recordMigrations.ts that turns the old
 * shape into the new. A new optional field (e.g. waitingForApproval) needs neither: older records
 * parse as they are.
 */
export const RECORD_VERSION = 1;

export const WORKSPACE_KINDS = ['adopted', 'worktree', 'clone'] as const;
/** `adopted`: a folder the user already had; `worktree`/`clone`: made (and removable) by tessera. */
export type WorkspaceKind = (typeof WORKSPACE_KINDS)[number];

export const PANE_KINDS = ['shell', 'command', 'agent'] as const;

export interface PaneRecord {
  /** The pane's number when the record was written: it gets the same one back when the workspace opens again (if free). */
  id?: number;
  kind: (typeof PANE_KINDS)[number];
  /** For agent panes: which agent (claude, codex, … or a custom one). */
  agent?: string;
  /** Shell and command panes started with a program: the program and its arguments. */
  argv?: string[];
  /** Agent panes: extra arguments for the agent given by the user. */
  args?: string[];
  /** A shell command line chosen for this pane (else the workspace's, else the settings'). */
  shell?: string;
  /** The pane's last directory (OSC 7 from its shell, else where it started). */
  cwd: string;
  model?: string;
  effort?: string;
  /** The agent's own conversation id, when known (used to resume it). */
  sessionId?: string;
  /** The title the user gave the pane (rename-pane). */
  title?: string;
}

/**
 * What a workspace did not start because its project file (.tessera.json) was not approved yet; kept
 * in the record so that approving it starts this work even after a restart (when the workspace opens).
 */
export interface WaitingWork {
  /** A template of the project file asked for with --template (or in the dialog). */
  template?: string;
  /** The project's setup command (new worktrees and clones). */
  setup: boolean;
}

/** The split tree with proportions; a leaf's `paneId` is the index of its pane in `panes`. */
export type LayoutRecord = { kind: 'pane'; paneId: number } | { kind: 'split'; direction: 'row' | 'column'; children: LayoutRecord[]; weights: number[] };

export interface WorkspaceRecord {
  version: typeof RECORD_VERSION;
  name: string;
  kind: WorkspaceKind;
  /** The workspace's folder, by realpath. */
  path: string;
  /** worktree: the source repository's folder; clone: the URL it was cloned from. */
  repo?: string;
  branch?: string;
  /** The branch a worktree was made from (what `reset` goes back to and `ahead`/`behind` compare with). */
  base?: string;
  /** Empty when the last pane was closed: opening it starts one shell. */
  panes: PaneRecord[];
  layout?: LayoutRecord;
  /** Index in `panes` of the focused pane. */
  focus?: number;
  /** Index in `panes` of the zoomed pane. */
  zoom?: number;
  /** Initial prompt for the workspace's agent panes. */
  prompt?: string;
  /** The workspace's shell command line for terminal panes. */
  shell?: string;
  bypassPermissions: boolean;
  template?: string;
  /** Work of the project file waiting for the user's approval (`tessera trust`). */
  waitingForApproval?: WaitingWork;
  /** ISO 8601 times. */
  created: string;
  lastOpened?: string;
}

const MAX_PANES = 256;
/** Pane numbers are positive and fit what a command line accepts (`-t 123456789`). */
const MAX_PANE_ID = 999_999_999;
const MAX_DEPTH = 64;

export function parseWorkspaceRecord(value: unknown): WorkspaceRecord {
  const f = record(value, 'the record');
  if (f.version !== RECORD_VERSION) throw new InvalidInput(`version must be ${RECORD_VERSION}`);
  const name = str(f.name, 'name', 64);
  const nameProblem = checkWorkspaceName(name);
  if (nameProblem) throw new InvalidInput(nameProblem);
  if (!Array.isArray(f.panes) || f.panes.length > MAX_PANES) throw new InvalidInput(`panes must be a list of at most ${MAX_PANES}`);
  const panes = f.panes.map((p, i) => parsePane(p, `panes[${i}]`));
  const layout = f.layout === undefined ? undefined : parseLayout(f.layout, 'layout', 0);
  checkLayoutCoversPanes(layout, panes.length);
  const paneIndex = (v: unknown, what: string) => (v === undefined ? undefined : int(v, what, 0, Math.max(0, panes.length - 1)));
  const result: WorkspaceRecord = {
    version: RECORD_VERSION,
    name,
    kind: oneOf(f.kind, 'kind', WORKSPACE_KINDS),
    path: absolute(f.path, 'path'),
    repo: optStr(f.repo, 'repo'),
    branch: optStr(f.branch, 'branch', 256),
    base: optStr(f.base, 'base', 256),
    panes,
    layout,
    focus: panes.length === 0 ? undefined : paneIndex(f.focus, 'focus'),
    zoom: panes.length === 0 ? undefined : paneIndex(f.zoom, 'zoom'),
    prompt: optStr(f.prompt, 'prompt', 200_000),
    shell: optStr(f.shell, 'shell', 1024),
    bypassPermissions: bool(f.bypassPermissions, 'bypassPermissions'),
    template: optStr(f.template, 'template', 64),
    waitingForApproval: f.waitingForApproval === undefined ? undefined : parseWaitingWork(f.waitingForApproval, 'waitingForApproval'),
    created: time(f.created, 'created'),
    lastOpened: f.lastOpened === undefined ? undefined : time(f.lastOpened, 'lastOpened'),
  };
  return dropUndefined(result);
}

function parsePane(value: unknown, what: string): PaneRecord {
  const f: Fields = record(value, what);
  return dropUndefined({
    id: f.id === undefined ? undefined : int(f.id, `${what}.id`, 1, MAX_PANE_ID),
    kind: oneOf(f.kind, `${what}.kind`, PANE_KINDS),
    agent: optStr(f.agent, `${what}.agent`, 64),
    argv: f.argv === undefined ? undefined : strArray(f.argv, `${what}.argv`),
    args: f.args === undefined ? undefined : strArray(f.args, `${what}.args`),
    shell: optStr(f.shell, `${what}.shell`, 1024),
    cwd: absolute(f.cwd, `${what}.cwd`),
    model: optStr(f.model, `${what}.model`, 200),
    effort: optStr(f.effort, `${what}.effort`, 32),
    sessionId: optStr(f.sessionId, `${what}.sessionId`, 200),
    title: optStr(f.title, `${what}.title`, MAX_PANE_NAME_CHARS),
  });
}

function parseWaitingWork(value: unknown, what: string): WaitingWork {
  const f = record(value, what);
  return dropUndefined({ template: optStr(f.template, `${what}.template`, 64), setup: bool(f.setup, `${what}.setup`) });
}

function parseLayout(value: unknown, what: string, depth: number): LayoutRecord {
  if (depth > MAX_DEPTH) throw new InvalidInput(`${what} is nested too deeply`);
  const f = record(value, what);
  if (f.kind === 'pane') return { kind: 'pane', paneId: int(f.paneId, `${what}.paneId`, 0, MAX_PANES - 1) };
  if (f.kind !== 'split') throw new InvalidInput(`${what}.kind must be pane or split`);
  const direction = oneOf(f.direction, `${what}.direction`, ['row', 'column'] as const);
  if (!Array.isArray(f.children) || f.children.length < 2) throw new InvalidInput(`${what}.children must list at least two`);
  if (!Array.isArray(f.weights) || f.weights.length !== f.children.length) throw new InvalidInput(`${what}.weights must have one weight per child`);
  const weights = f.weights.map((w, i) => {
    if (typeof w !== 'number' || !Number.isFinite(w) || w <= 0) throw new InvalidInput(`${what}.weights[${i}] must be a positive number`);
    return w;
  });
  const children = f.children.map((c, i) => parseLayout(c, `${what}.children[${i}]`, depth + 1));
  return { kind: 'split', direction, children, weights };
}

/** Every pane appears in the layout exactly once, and the layout names no other pane. */
function checkLayoutCoversPanes(layout: LayoutRecord | undefined, paneCount: number): void {
  const seen: number[] = [];
  const walk = (node: LayoutRecord) => (node.kind === 'pane' ? seen.push(node.paneId) : node.children.forEach(walk));
  if (layout) walk(layout);
  const sorted = [...seen].sort((a, b) => a - b);
  const expected = Array.from({ length: paneCount }, (_, i) => i);
  if (sorted.length !== expected.length || sorted.some((id, i) => id !== expected[i])) {
    throw new InvalidInput('layout must place every pane exactly once');
  }
}

function absolute(value: unknown, what: string): string {
  const text = str(value, what);
  if (!path.isAbsolute(text)) throw new InvalidInput(`${what} must be an absolute path`);
  return text;
}

function time(value: unknown, what: string): string {
  const text = str(value, what, 64);
  if (Number.isNaN(Date.parse(text))) throw new InvalidInput(`${what} must be a date`);
  return text;
}

function dropUndefined<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
  return value;
}
