// tessera ls: every workspace (open or dormant) with its folder, branch and changes. Without a server
// it answers from the records on disk (every workspace dormant) and starts none: looking costs nothing.

import { NoServerError } from '../../client/errors.js';
import { sendRequest } from '../../client/request.js';
import type { WorkspaceFacts } from '../../server/records/workspaceFacts.js';
import { UsageError, boolFlag } from '../../commands/argParser.js';
import type { CliCommand, CliContext } from '../command.js';
import { NO_SERVER_NOTE, dormantFacts } from '../offline/recordsOnDisk.js';
import { jsonFlag } from '../controlCommand.js';
import { terminalJson, visibleText } from '../../term/visibleText.js';

export const listWorkspaces: CliCommand = {
  name: 'ls',
  aliases: ['list-workspaces'],
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
  async run(args, ctx) {
    if (boolFlag(args, 'all-hosts') && ctx.host !== undefined) throw new UsageError('--all-hosts lists every host from this machine: leave out -H');
    const result = await workspacesNow(ctx);
    for (const problem of result.problems) ctx.err(`tessera: ${problem}\n`);
    if (boolFlag(args, 'all-hosts')) return (await import('./allHosts.js')).listAllHosts(ctx, result.workspaces, boolFlag(args, 'json'), formatLine);
    if (boolFlag(args, 'json')) {
      ctx.out(`${terminalJson(result.workspaces, 2)}\n`);
      return 0;
    }
    if (result.workspaces.length === 0) ctx.out("no workspaces (start one with 'tessera' in a folder, or 'tessera new')\n");
    for (const w of result.workspaces) ctx.out(`${formatLine(w)}\n`);
    return 0;
  },
};

/** The server's answer, or without a server the records' (no server is started to look; with -H, the host's is). */
async function workspacesNow(ctx: CliContext): Promise<{ workspaces: WorkspaceFacts[]; problems: string[] }> {
  let socket;
  try {
    socket = await ctx.connect(ctx.host !== undefined);
  } catch (error) {
    if (!(error instanceof NoServerError) || ctx.host !== undefined) throw error;
    const facts = await dormantFacts(ctx);
    // With no workspace at all there is nothing the note would qualify: "no workspaces" says it all.
    if (facts.workspaces.length > 0 || facts.problems.length > 0) ctx.err(`tessera: ${NO_SERVER_NOTE}; conflicts between workspaces and running stacks are only known to a server\n`);
    return facts;
  }
  const callerPane = ctx.host === undefined ? ctx.env.TESSERA_PANE : undefined;
  return (await sendRequest(socket, 'ls', {}, { cwd: ctx.cwd, callerPane })) as { workspaces: WorkspaceFacts[]; problems: string[] };
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
function formatBranchDiff(d: NonNullable<WorkspaceFacts['branchDiff']>, base: string): string {
  const files = `${d.files} file${d.files === 1 ? '' : 's'}`;
  return `[since ${visibleText(base)}: ${files} +${d.added} −${d.removed}, ${d.commits} commit${d.commits === 1 ? '' : 's'}]`;
}

export function formatDiff(d: NonNullable<WorkspaceFacts['diff']>): string {
  const parts = [`+${d.added} −${d.removed}`];
  if (d.untracked > 0) parts.push(`?${d.untracked}`);
  if (d.ahead > 0) parts.push(`↑${d.ahead}`);
  if (d.behind > 0) parts.push(`↓${d.behind}`);
  return parts.join(' ');
}
