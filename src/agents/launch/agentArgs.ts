// The command-line args for launching an agent with tessera's options appended to the user's own.

import type { AgentKind } from '../detection.js';
import { claudeLaunch } from './claude.js';
import { codexLaunch } from './codex.js';
import { geminiLaunch } from './gemini.js';
import { opencodeLaunch } from './opencode.js';
import { EFFORTS, type AgentArgs, type AgentLaunch, type Conflict, type LaunchOptions, type OptionFlags } from './options.js';
import { conflictingArg, withFlags } from './userArgs.js';
import { checkModel, checkSessionId, type ValueCheck } from './validate.js';

export const AGENT_LAUNCHES: Readonly<Record<AgentKind, AgentLaunch>> = {
  claude: claudeLaunch,
  codex: codexLaunch,
  gemini: geminiLaunch,
  opencode: opencodeLaunch,
};

interface Requested {
  option: string;
  check: ValueCheck;
  flags: () => OptionFlags;
  conflicts: readonly Conflict[];
}

/**
 * `options.args` followed by the flags for each option that is set, in the order model, effort, bypass, resume.
 * Refuses a value that could be read as a flag, an option the CLI cannot express, and an option the user's args
 * already set (the CLI would pick one of the two silently).
 */
export function agentArgs(kind: AgentKind, options: LaunchOptions): AgentArgs {
  const launch = AGENT_LAUNCHES[kind];
  const userArgs = options.args ?? [];
  const leading: string[] = [];
  const trailing: string[] = [];
  for (const request of requested(launch, options)) {
    if (!request.check.ok) return request.check;
    const flags = request.flags();
    if (!flags.ok) return flags;
    const clash = conflictingArg(userArgs, request.conflicts);
    if (clash !== undefined) {
      const message = `${launch.displayName}'s args already set ${request.option} ('${clash}'): remove it from the args or leave ${request.option} unset`;
      return { ok: false, message };
    }
    if (flags.leading !== undefined && flags.leading.length > 0) {
      const first = userArgs[0];
      if (first !== undefined && launch.subcommands?.includes(first) === true) {
        const message = `${request.option} cannot be combined with the ${launch.displayName} subcommand '${first}' in the args`;
        return { ok: false, message };
      }
      leading.push(...flags.leading);
    }
    trailing.push(...flags.trailing);
  }
  const own = ownSessionFlags(launch, options);
  return { ok: true, args: withFlags(leading, userArgs, [...trailing, ...own]) };
}

/** Tessera's own session id for a new conversation: added only when nothing else picks the session. */
function ownSessionFlags(launch: AgentLaunch, options: LaunchOptions): string[] {
  const spelling = launch.newSession;
  if (options.newSessionId === undefined || spelling === undefined || options.resume !== undefined) return [];
  if (!checkSessionId(options.newSessionId).ok || conflictingArg(options.args ?? [], spelling.conflicts) !== undefined) return [];
  const flags = spelling.flags(options.newSessionId);
  return flags.ok ? [...(flags.leading ?? []), ...flags.trailing] : [];
}

const OK: ValueCheck = { ok: true };

function requested(launch: AgentLaunch, options: LaunchOptions): Requested[] {
  const list: Requested[] = [];
  const { model, effort, bypassPermissions, resume } = options;
  if (model !== undefined) {
    list.push({ option: 'the model', check: checkModel(model), flags: () => launch.model.flags(model), conflicts: launch.model.conflicts });
  }
  if (effort !== undefined) {
    const check: ValueCheck = EFFORTS.includes(effort) ? OK : { ok: false, message: `Effort must be one of ${EFFORTS.join(', ')}` };
    list.push({ option: 'the effort', check, flags: () => launch.effort.flags(effort), conflicts: launch.effort.conflicts });
  }
  if (bypassPermissions === true) {
    const spelling = launch.bypassPermissions;
    list.push({ option: 'permission bypass', check: OK, flags: () => spelling.flags(true), conflicts: spelling.conflicts });
  }
  if (resume !== undefined) {
    const check = resume === 'latest' ? OK : checkSessionId(resume.sessionId);
    list.push({ option: 'resume', check, flags: () => launch.resume.flags(resume), conflicts: launch.resume.conflicts });
  }
  return list;
}
