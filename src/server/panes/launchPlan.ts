// Turns what the user asked for (a command, an agent with options, or a shell) into exactly what to
// start: a resolved program with its arguments — or, for an agent that is not installed,
// nothing at all and the hint that says how to install it.

import type { AgentKindEntry } from '../../agents/agentKinds.js';
import { agentArgs } from '../../agents/launch/agentArgs.js';
import { signalArgs } from '../../agents/signals/launchSignals.js';
import { withFlags } from '../../agents/launch/userArgs.js';
import type { Effort, ResumeTarget } from '../../agents/launch/options.js';
import { programName } from '../../shell/programName.js';
import { resolveBinary } from '../../shell/resolveBinary.js';
import { resolveShell } from '../../shell/resolveShell.js';
import { visibleText } from '../../term/visibleText.js';
import type { Settings } from '../../store/settingsDefaults.js';
import type { AgentCatalog } from '../../agents/agentCatalog.js';
import { RefusedError } from '../refusedError.js';

/** What a pane runs: the user's shell, a command, or an agent (watched by its detector). */
export type PaneKind = 'shell' | 'command' | 'agent';

const INTERACTIVE_SHELLS = new Set(['bash', 'zsh', 'fish', 'sh', 'nu', 'xonsh', 'pwsh']);

export interface AgentRequest {
  kind: string;
  model?: string;
  effort?: Effort;
  bypassPermissions?: boolean;
  resume?: ResumeTarget;
  /** Tessera's own id for a new conversation (claude and gemini take one); ignored when the args pick a session. */
  newSessionId?: string;
}

export interface LaunchRequest {
  /** Program and arguments; absent for the user's shell or for `agent`. */
  argv?: string[];
  /** Start this agent (its arguments from the options; `argv` then holds extra user arguments). */
  agent?: AgentRequest;
  /** A shell command line for this pane (the add-pane dialog's shell choice). */
  shell?: string;
  /** The workspace's shell command line, used when the pane has none of its own. */
  workspaceShell?: string;
  /** Where the user typed the command: relative program paths resolve here, never in the pane's cwd. */
  requestDir?: string;
  /** For an agent pane: its initial prompt (instead of the workspace's). */
  prompt?: string;
  /** For an agent that accepts one: the id its new conversation gets (see AgentLaunch.newSession). */
  newSessionId?: string;
  /** For an agent pane started again (wake, history): the conversation to continue. */
  resume?: ResumeTarget;
  /**
   * Started from its workspace's record: an agent that cannot start now (not installed, no longer in the
   * settings, a broken path) keeps its pane, its agent and its conversation, and says why, instead of a refusal.
   */
  restored?: boolean;
}

export interface LaunchPlan {
  file: string | undefined;
  args: string[];
  kind: PaneKind;
  agent?: string;
  displayCommand: string;
  missingMessage?: string;
  /** The agent's conversation id, when the launch decides it (resumed, or our own id for a new one). */
  sessionId?: string;
}

export interface PlanContext {
  settings: Settings;
  catalog: AgentCatalog;
  env: NodeJS.ProcessEnv;
  configDir: string;
  /** `tessera agent-hook`'s command line, for the agents' own channels (see src/agents/signals/launchSignals.ts). */
  hookCommand?: readonly string[];
}

export function planLaunch(request: LaunchRequest, ctx: PlanContext): LaunchPlan {
  const again = { newSessionId: request.newSessionId, ...(request.resume === undefined ? {} : { resume: request.resume }) };
  if (request.agent && request.restored) return planRestoredAgent({ ...request.agent, ...again }, request.argv ?? [], request.requestDir, ctx);
  if (request.agent) return planAgent({ ...request.agent, ...again }, request.argv ?? [], request.requestDir, ctx);
  const argv = request.argv && request.argv.length > 0 ? request.argv : undefined;
  if (!argv) return planShell({ pane: request.shell, workspace: request.workspaceShell }, request.requestDir, ctx);
  const agentKind = ctx.catalog.kindForCommand(argv[0]);
  if (agentKind) return planAgent({ kind: agentKind, ...again }, argv.slice(1), request.requestDir, ctx, argv[0]);
  const resolved = resolveProgram(argv[0], request.requestDir, ctx);
  if (!resolved.ok) throw new RefusedError(resolved.message);
  const file = resolved.path;
  // A shell named explicitly (`tessera new -- zsh`) is still a shell: it gets integration and idle/running.
  return { file, args: argv.slice(1), kind: isInteractiveShell(argv) ? 'shell' : 'command', displayCommand: argv.join(' ') };
}

function planAgent(agent: AgentRequest, userArgs: string[], requestDir: string | undefined, ctx: PlanContext, program?: string): LaunchPlan {
  const entry = ctx.catalog.find(agent.kind);
  if (!entry) throw new RefusedError(ctx.catalog.unknownMessage(agent.kind));
  let args = [...entry.args, ...agentOptionArgs(entry, agent, userArgs)];
  const sessionId = knownSessionId(agent, args);
  const command = program ?? entry.command;
  const resolved = resolveProgram(command, requestDir, ctx);
  const displayCommand = [programName(command), ...args].join(' ');
  // Not in displayCommand: the hooks' JSON is tessera's plumbing, not what the user asked to run.
  const signals = entry.launch && ctx.hookCommand ? signalArgs(entry.launch.kind, ctx.hookCommand, args) : [];
  args = withFlags([], args, signals);
  if (!resolved.ok && !resolved.notInstalled) throw new RefusedError(resolved.message);
  if (!resolved.ok) {
    const hint = entry.installHint ? `\r\n\r\nInstall it with:\r\n\r\n    ${entry.installHint}\r\n` : '\r\n';
    const missingMessage = `\x1b[1m${entry.displayName} is not installed\x1b[0m (no '${programName(command)}' in PATH).${hint}\r\nThen press Enter to close this pane, and add it again.\r\n`;
    return { file: undefined, args, kind: 'agent', agent: entry.kind, displayCommand, missingMessage };
  }
  return { file: resolved.path, args, kind: 'agent', agent: entry.kind, displayCommand, sessionId };
}

/**
 * An agent pane of a workspace being opened: as planAgent, but an agent that cannot start keeps its place
 * (nothing runs; the pane says why and how to start it again, and keeps the conversation to resume).
 */
function planRestoredAgent(agent: AgentRequest, userArgs: string[], requestDir: string | undefined, ctx: PlanContext): LaunchPlan {
  let why: string;
  try {
    const plan = planAgent(agent, userArgs, requestDir, ctx);
    if (plan.file !== undefined) return plan;
    why = `${ctx.catalog.find(agent.kind)?.displayName ?? agent.kind} is not installed (no '${programName(plan.displayCommand.split(' ')[0])}' in PATH)`;
  } catch (error) {
    if (!(error instanceof RefusedError)) throw error;
    why = visibleText(error.message); // it can quote the settings file: nothing in it may steer the pane's terminal
  }
  const sessionId = agent.resume !== undefined && agent.resume !== 'latest' ? agent.resume.sessionId : undefined;
  // The agent's name and conversation come from the record, a file: shown with their control characters as marks.
  const kept = sessionId === undefined ? '' : `Its conversation ${visibleText(sessionId)} is kept. `;
  const hint = ctx.catalog.find(agent.kind)?.installHint;
  const install = hint === undefined ? '' : `\r\n\r\nInstall it with:\r\n\r\n    ${hint}`;
  const missingMessage = `\x1b[1mcould not start ${visibleText(agent.kind)} again\x1b[0m: ${why}.${install}\r\n\r\n${kept}Once that is fixed, press Enter in this pane (or 'tessera wake') to start it.\r\n`;
  return { file: undefined, args: userArgs, kind: 'agent', agent: agent.kind, displayCommand: [agent.kind, ...userArgs].join(' '), missingMessage, sessionId };
}

/** The conversation the agent will be in: the one resumed, or our own id when the CLI took it. */
function knownSessionId(agent: AgentRequest, args: string[]): string | undefined {
  if (agent.resume !== undefined) return agent.resume === 'latest' ? undefined : agent.resume.sessionId;
  return agent.newSessionId !== undefined && args.includes(agent.newSessionId) ? agent.newSessionId : undefined;
}

function agentOptionArgs(entry: AgentKindEntry, agent: AgentRequest, userArgs: string[]): string[] {
  const options = {
    args: userArgs,
    model: agent.model,
    effort: agent.effort,
    bypassPermissions: agent.bypassPermissions,
    resume: agent.resume,
    newSessionId: agent.newSessionId,
  };
  const asked = agent.model !== undefined || agent.effort !== undefined || agent.bypassPermissions || agent.resume !== undefined;
  if (!entry.launch) {
    if (asked) throw new RefusedError(`${entry.kind} is a custom agent: model, effort, bypass and resume options are not available for it`);
    return userArgs;
  }
  const result = agentArgs(entry.launch.kind, options);
  if (!result.ok) throw new RefusedError(result.message);
  return result.args;
}

function planShell(levels: { pane?: string; workspace?: string }, requestDir: string | undefined, ctx: PlanContext): LaunchPlan {
  const resolved = resolveShell(
    { ...levels, settings: ctx.settings.defaultShell },
    { env: ctx.env, configDir: ctx.configDir, requestDir, uid: process.getuid?.() },
  );
  if (!resolved.ok) throw new RefusedError(resolved.message);
  return { file: resolved.file, args: resolved.args, kind: 'shell', displayCommand: [programName(resolved.file), ...resolved.args].join(' ') };
}

type Resolved = { ok: true; path: string } | { ok: false; notInstalled: boolean; message: string };

/**
 * The program's absolute path. What the user types runs, as in tmux: the allowlist guards only commands that
 * come from files (see the project-file approval in src/server/project/), never a command line typed here.
 */
function resolveProgram(command: string, requestDir: string | undefined, ctx: PlanContext): Resolved {
  const resolved = resolveBinary(command, { configDir: ctx.configDir, envPath: ctx.env.PATH, requestDir, uid: process.getuid?.() });
  if (resolved.ok) return { ok: true, path: resolved.path };
  // A bare name missing from PATH is "not installed"; a broken pin or path is a mistake to report.
  return { ok: false, notInstalled: resolved.reason === 'not-found' && !command.includes('/'), message: resolved.message };
}

/** `zsh` or `bash -l` is an interactive shell; `sh -c 'make'` or `bash script.sh` is a command. */
function isInteractiveShell(argv: string[]): boolean {
  if (!INTERACTIVE_SHELLS.has(programName(argv[0]))) return false;
  return argv.slice(1).every((arg) => arg.startsWith('-') && arg !== '-c');
}
