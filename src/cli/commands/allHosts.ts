// tessera ls --all-hosts: this machine's workspaces and every host's, each with its host.

import type { WorkspaceFacts } from '../../server/records/workspaceFacts.js';
import { terminalJson } from '../../term/visibleText.js';
import type { CliContext } from '../command.js';
import { hostTarget, settingsForHosts } from '../hostContext.js';
import { askHost, plainStrings } from '../hostRequests.js';

export type HostWorkspace = WorkspaceFacts & { host: string | null };

/** The listing; `here` is this machine's answer. Exit status 1 when a host could not be listed. */
export async function listAllHosts(ctx: CliContext, here: WorkspaceFacts[], json: boolean, formatLine: (w: WorkspaceFacts) => string): Promise<number> {
  const settings = settingsForHosts(ctx.env);
  const answers = await Promise.all(Object.keys(settings.hosts).map((name) => askHost(hostTarget(settings, name, ctx.env), 'ls', true)));
  const all: HostWorkspace[] = here.map((w) => ({ ...w, host: null }));
  let status = 0;
  for (const answer of answers) {
    const listed = 'result' in answer ? workspacesIn(answer.result) : undefined;
    if (listed === undefined) {
      status = 1;
      const why = 'error' in answer ? answer.error.message : `${answer.target.name}: its answer is not a workspace list this tessera can read`;
      ctx.err(`tessera: ${why}\n`);
      continue;
    }
    // Names, branches and folders from another machine are shown as text, never as a line break or an escape.
    all.push(...plainStrings(listed).map((w) => ({ ...w, host: answer.target.name })));
  }
  if (json) ctx.out(`${terminalJson(all, 2)}\n`);
  else if (all.length === 0) ctx.out('no workspaces on any host\n');
  else for (const w of all) ctx.out(`${w.host === null ? '' : `${w.host}:`}${formatLine(w)}\n`);
  return status;
}

/** The workspaces of a host's `ls` answer, when it has the shape this tessera prints. */
function workspacesIn(result: unknown): WorkspaceFacts[] | undefined {
  const list = (result as { workspaces?: unknown } | undefined)?.workspaces;
  if (!Array.isArray(list)) return undefined;
  const readable = list.every((w: Partial<WorkspaceFacts>) => typeof w === 'object' && w !== null && typeof w.name === 'string' && typeof w.path === 'string' && typeof w.panes === 'number' && Array.isArray(w.conflicts));
  return readable ? (list as WorkspaceFacts[]) : undefined;
}
