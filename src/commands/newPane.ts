// tessera new-pane: add an agent, a shell or any program to a workspace.

import path from 'node:path';
import { EFFORTS, type Effort } from '../agents/launch/options.js';
import { UsageError, boolFlag, stringFlag } from './argParser.js';
import { oneOf, optBool, optStr, optStrArray } from '../protocol/validate.js';
import { defineCommand } from './contract.js';

export interface NewPaneArgs {
  /** The workspace whose focused pane is split; default: the pane the command runs in, else the latest workspace's. */
  workspace?: string;
  agent?: string;
  shell?: string;
  model?: string;
  effort?: Effort;
  prompt?: string;
  /** `latest`, a conversation id, or a history entry (h12). */
  resume?: string;
  bypassPermissions?: boolean;
  side: 'right' | 'down';
  keepFocus: boolean;
  cwd?: string;
  /** The agent's extra arguments, or the command to run. */
  args?: string[];
}

export interface NewPaneResult {
  id: number;
  workspace: string;
  status: string;
  sessionId: string | null;
  /** Said when a resumed conversation was gone (a new one started). */
  note: string | null;
}

/** The longest initial prompt accepted (it is pasted into the agent). */
const MAX_PROMPT_CHARS = 200_000;

export const newPane = defineCommand<NewPaneArgs, NewPaneResult>({
  name: 'new-pane',
  summary: 'add an agent (or a shell) pane to a workspace',
  usage: `tessera new-pane [-t WORKSPACE] --agent KIND [--model M] [--effort low|medium|high]
                  [--prompt TEXT] [--resume latest|SESSION] [--bypass-permissions]
                  [--right|--down] [-d] [-c DIR] [-- AGENT ARGS…]
       tessera new-pane [-t WORKSPACE] --resume ENTRY [--right|--down] [-d] [-c DIR]
       tessera new-pane [-t WORKSPACE] --shell COMMAND [--right|--down] [-d] [-c DIR]
       tessera new-pane [-t WORKSPACE] [--right|--down] [-d] [-c DIR] -- COMMAND ARGS…

  Splits the workspace's focused pane (default: to the right) and starts the agent, shell or
  command there; typed inside a pane without -t, it splits that pane.
  KIND is claude, codex, opencode, gemini, or an agent defined in your settings.
  --prompt TEXT is pasted into the agent once it is ready for input (exactly once); it is sent
  as plain text: escape sequences and control characters in it are removed, never interpreted.
  --bypass-permissions starts the agent with its own "skip permission prompts" flag: it then runs
  tools and commands WITHOUT asking you. An agent that is not installed gets a pane that says how
  to install it, and nothing is started. Prints the new pane's id.
  --resume latest continues the agent's most recent conversation in the folder, --resume SESSION
  the conversation with that id, and --resume ENTRY (an id from 'tessera history', like h12) the
  conversation of that history entry, with its agent, model and folder. When the agent no longer
  has that conversation, a new one starts and tessera says so.`,
  flags: [
    { name: 'target', short: 't', value: true },
    { name: 'agent', short: 'a', value: true },
    { name: 'shell', value: true },
    { name: 'model', short: 'm', value: true },
    { name: 'effort', short: 'e', value: true },
    { name: 'prompt', short: 'p', value: true },
    { name: 'resume', value: true },
    { name: 'bypass-permissions' },
    { name: 'right', short: 'h' },
    { name: 'down', short: 'v' },
    { name: 'detached', short: 'd' },
    { name: 'cwd', short: 'c', value: true },
  ],
  fromCli(args, caller) {
    if (boolFlag(args, 'right') && boolFlag(args, 'down')) throw new UsageError('use only one of --right or --down');
    const cwd = stringFlag(args, 'cwd');
    const effort = stringFlag(args, 'effort');
    if (effort !== undefined && !(EFFORTS as readonly string[]).includes(effort)) throw new UsageError(`--effort must be one of ${EFFORTS.join(', ')}`);
    return {
      workspace: stringFlag(args, 'target'),
      agent: stringFlag(args, 'agent'),
      shell: stringFlag(args, 'shell'),
      model: stringFlag(args, 'model'),
      effort: effort as Effort | undefined,
      prompt: stringFlag(args, 'prompt'),
      resume: stringFlag(args, 'resume'),
      bypassPermissions: boolFlag(args, 'bypass-permissions') ? true : undefined,
      side: boolFlag(args, 'down') ? 'down' : 'right',
      keepFocus: boolFlag(args, 'detached'),
      cwd: cwd === undefined ? undefined : path.resolve(caller.cwd, cwd),
      args: args.rest,
    };
  },
  parse: (fields) => ({
    workspace: optStr(fields.workspace, 'workspace', 256),
    agent: optStr(fields.agent, 'agent', 64),
    shell: optStr(fields.shell, 'shell', 1024),
    model: optStr(fields.model, 'model', 200),
    effort: fields.effort === undefined ? undefined : oneOf(fields.effort, 'effort', EFFORTS),
    prompt: optStr(fields.prompt, 'prompt', MAX_PROMPT_CHARS),
    resume: optStr(fields.resume, 'resume', 200),
    bypassPermissions: optBool(fields.bypassPermissions, 'bypassPermissions'),
    side: oneOf(fields.side ?? 'right', 'side', ['right', 'down'] as const),
    keepFocus: optBool(fields.keepFocus, 'keepFocus') ?? false,
    cwd: optStr(fields.cwd, 'cwd'),
    args: optStrArray(fields.args, 'args'),
  }),
  print(result, _args, output) {
    if (result.note) output.err(`tessera: ${result.note}\n`);
    output.out(`${result.id}\n`);
  },
});
