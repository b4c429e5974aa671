// tessera ls: every workspace (open or dormant) with its folder, branch and changes. Without a server
// it answers from the records on disk (every workspace dormant) and starts none: looking costs nothing.
// --all-hosts asks every host of the hosts setting too.

import type { BranchSummary } from '../git/changeSummary.js';
import type { DiffSummary } from '../git/diffSummary.js';
import type { WorkspaceRecord } from '../store/workspaceRecord.js';
import { terminalJson, visibleText } from '../term/visibleText.js';
import { UsageError, boolFlag, type ParsedArgs } from './argParser.js';
import { defineCommand, type CommandOutput, type HostReply } from './contract.js';
import { jsonFlag } from './targets.js';

/** What `tessera ls` (and the workspace strip) says about a workspace, computed from reality when asked. */
export interface WorkspaceFacts {
  name: string;
  kind: WorkspaceRecord['kind'];
  path: string;
  repo: string | null;
  branch: string | null;
  base: string | null;
  state: 'open' | 'dormant';
  panes: number;
  needsYou: number;
  /** Work of its project file (a template, the setup command) waits for the user to approve the file as it is now. */
  waitingApproval: boolean;
  /** Uncommitted changes (against HEAD); null when the folder is not in a git repository (or is gone). */
  diff: DiffSummary | null;
  /** Its branch moved since it was made and all of it is in its base (merged, squashed or rebased there): see src/git/mergedBranch.ts. */
  merged: boolean;
  /**
   * What the branch brings to its base (from the merge base to the working tree); null without a
   * base. (`branch` already names the checked-out branch, so this is `branchDiff`.)
   */
  branchDiff: BranchSummary | null;
  /** Other workspaces of the repository whose changes would conflict with this one's, and the files. */
  conflicts: { workspace: string; files: string[] }[];
  created: string;
  lastOpened: string | null;
  /** Whether its own app runs (tessera up), from its pid files: only where it has a stack. */
  stack?: { up: boolean; services: { name: string; alive: boolean }[] };
}

export interface WorkspaceList {
  workspaces: WorkspaceFacts[];
  /** What is wrong with the stored records (a damaged file, moved aside with its bytes kept). */
  problems: string[];
}

/** A workspace of `ls --all-hosts`: null is this machine. */
export type HostWorkspace = WorkspaceFacts & { host: string | null };

/** Said once on stderr by every answer given without a server. */
export const NO_SERVER_NOTE = 'no server is running: this is what its records on disk say (every workspace is dormant); nothing was started';

export const listWorkspaces = defineCommand<object, WorkspaceList>({
  name: 'ls',
  aliases: ['list-workspaces'],
  summary: 'list workspaces',
  usage: `tessera ls [--json] [--all-hosts]

  One line per workspace, open or dormant: name, state, panes, branch, changes (+added −removed,
  untracked files, commits ahead/behind), what the branch brings to its base (since BASE: files,
  lines, commits), "merged" when its branch is all in its base, ⚠ and the workspaces whose changes
  would conflict with it, folder. "waiting for approval": commands of the project file
  (.tessera.json) wait until you approve it with 'tessera trust'. A damaged record file is
  reported on stderr (it was moved aside, its bytes kept). Without a running server it reads the
  records on disk, starts none, and says on stderr what only a server knows (conflicts, stacks).
  --json   an array of { name, kind, path, repo, branch, base, state, panes, needsYou,
           waitingApproval, diff: { added, removed, untracked, ahead, behind } | null (uncommitted),
           branchDiff: { files, added, removed, commits } | null (since the merge base with base),
           merged, conflicts: [{ workspace, files }], created, lastOpened,
           stack: { up, services: [{ name, alive }] } (only where tessera up ran) }
  --all-hosts  this machine's workspaces, then every host's of the hosts setting as HOST:NAME (all
           asked at once through ssh; a host that cannot be reached is named on stderr, its
           reason and fix with it, and the exit status is 1); with --json each has "host" (null here)`,
  flags: [jsonFlag, { name: 'all-hosts' }],
  fromCli: () => ({}),
  parse: () => ({}),
  async offline(_args, caller) {
    const list = await (await import('./offline/recordsOnDisk.js')).dormantFacts(caller);
    // With no workspace at all there is nothing the note would qualify: "no workspaces" says it all.
    const note = list.workspaces.length > 0 || list.problems.length > 0 ? `${NO_SERVER_NOTE}; conflicts between workspaces and running stacks are only known to a server` : undefined;
    return { result: list, note };
  },
  print: printList,
  // Only --all-hosts does more than ask and print: it asks every host too.
  async runCli(args, io, ask) {
    const allHosts = boolFlag(args, 'all-hosts');
    if (allHosts && io.host !== undefined) throw new UsageError('--all-hosts lists every host from this machine: leave out -H');
    const result = await ask({});
    if (!allHosts) {
      printList(result, args, io);
      return 0;
    }
    for (const problem of result.problems) io.err(`tessera: ${problem}\n`);
    return printAllHosts(result.workspaces, await io.askEveryHost('ls'), boolFlag(args, 'json'), io);
  },
});

function printList(result: WorkspaceList, args: ParsedArgs, output: CommandOutput): void {
  for (const problem of result.problems) output.err(`tessera: ${problem}\n`);
  if (boolFlag(args, 'json')) {
    output.out(`${terminalJson(result.workspaces, 2)}\n`);
    return;
  }
  if (result.workspaces.length === 0) output.out("no workspaces (start one with 'tessera' in a folder, or 'tessera new')\n");
  for (const w of result.workspaces) output.out(`${formatLine(w)}\n`);
}

/** `ls --all-hosts`: this machine's workspaces, then each host's. Exit status 1 when a host could not be listed. */
function printAllHosts(here: WorkspaceFacts[], replies: HostReply[], json: boolean, output: CommandOutput): number {
  const all: HostWorkspace[] = here.map((w) => ({ ...w, host: null }));
  let status = 0;
  for (const reply of replies) {
    const listed = 'result' in reply ? workspacesIn(reply.result) : undefined;
    if (listed === undefined) {
      status = 1;
      output.err(`tessera: ${'error' in reply ? reply.error : `${reply.host}: its answer is not a workspace list this tessera can read`}\n`);
      continue;
    }
    all.push(...listed.map((w) => ({ ...w, host: reply.host })));
  }
  if (json) output.out(`${terminalJson(all, 2)}\n`);
  else if (all.length === 0) output.out('no workspaces on any host\n');
  else for (const w of all) output.out(`${w.host === null ? '' : `${w.host}:`}${formatLine(w)}\n`);
  return status;
}

/** The workspaces of a host's `ls` answer, when it has the shape this tessera prints. */
function workspacesIn(result: unknown): WorkspaceFacts[] | undefined {
  const list = (result as { workspaces?: unknown } | undefined)?.workspaces;
  if (!Array.isArray(list)) return undefined;
  const readable = list.every((w: Partial<WorkspaceFacts>) => typeof w === 'object' && w !== null && typeof w.name === 'string' && typeof w.path === 'string' && typeof w.panes === 'number' && Array.isArray(w.conflicts));
  return readable ? (list as WorkspaceFacts[]) : undefined;
}

function formatLine(w: WorkspaceFacts): string {
  const panes = `${w.panes} pane${w.panes === 1 ? '' : 's'}`;
  const needs = w.needsYou > 0 ? ` ${w.needsYou} need${w.needsYou === 1 ? 's' : ''} you` : '';
  const waiting = w.waitingApproval ? ` waiting for approval ('tessera trust -t ${w.name}')` : '';
  // A branch name and a folder can hold characters a terminal acts on (git allows C1 and bidi controls).
  const branch = w.branch ? ` ${visibleText(w.branch)}` : '';
  const kind = w.kind === 'adopted' ? '' : ` (${w.kind})`;
  const since = w.branchDiff && w.base ? ` ${formatBranchDiff(w.branchDiff, w.base)}` : '';
  const conflicts = w.conflicts.length > 0 ? ` ⚠ conflicts with ${w.conflicts.map((c) => `${c.workspace} (${c.files.map((f) => visibleText(f)).join(', ')})`).join(', ')}` : '';
  return `${w.name}: ${w.state} ${panes}${needs}${waiting}${branch}${kind}${w.merged ? ' merged' : ''}${w.diff ? ` ${formatDiff(w.diff)}` : ''}${since}${conflicts} ${visibleText(w.path)}`;
}

/** `[since main: 3 files +40 −2, 2 commits]` */
function formatBranchDiff(d: BranchSummary, base: string): string {
  const files = `${d.files} file${d.files === 1 ? '' : 's'}`;
  return `[since ${visibleText(base)}: ${files} +${d.added} −${d.removed}, ${d.commits} commit${d.commits === 1 ? '' : 's'}]`;
}

function formatDiff(d: DiffSummary): string {
  const parts = [`+${d.added} −${d.removed}`];
  if (d.untracked > 0) parts.push(`?${d.untracked}`);
  if (d.ahead > 0) parts.push(`↑${d.ahead}`);
  if (d.behind > 0) parts.push(`↓${d.behind}`);
  return parts.join(' ');
}
