// The command allowlist: known agents, shells and ssh, plus program names the user adds in settings
// (`extraCommands`). It guards the commands that come from the settings file rather than a command line
// typed here: the setup command of a new worktree (server/records/setupPane.ts) and the commands of the
// settings' templates (server/templates/templatePlan.ts). A command typed here runs as typed, as in tmux
// (server/panes/launchPlan.ts); a project file's commands run once the user approved the file (server/project/).

import { programName } from './programName.js';

export const AGENT_COMMANDS = ['claude', 'codex', 'opencode', 'gemini'] as const;
/** The shells among the built-ins (any program may be a pane's shell: see resolveShell). */
export const SHELL_ALLOWLIST = ['bash', 'sh', 'zsh', 'fish', 'nu', 'xonsh', 'pwsh'] as const;
/** Built-ins in the order refusal messages list them. */
export const BUILTIN_COMMANDS: readonly string[] = [...AGENT_COMMANDS, ...SHELL_ALLOWLIST, 'ssh'];

/** Longest name accepted in `extraCommands`; real program names are far shorter. */
const MAX_EXTRA_COMMAND_LENGTH = 64;
/** Most names accepted in `extraCommands`; a longer list is a mistake, not a configuration. */
const MAX_EXTRA_COMMANDS = 64;
/** A plain program name: no directory, no spaces, nothing a shell or a path would interpret. */
const PLAIN_PROGRAM_NAME = /^[a-z0-9][a-z0-9._+-]*$/i;

export type AllowCheck = { ok: true; name: string } | { ok: false; message: string };
export type ExtraCommandsCheck = { ok: true; names: string[] } | { ok: false; message: string };

/**
 * Allows `command` when its program name (see programName) is a built-in or one of `extra`.
 * `extra` should come from parseExtraCommands; an entry that is not a plain program name never matches.
 */
export function checkCommandAllowed(command: string, extra: readonly string[] = []): AllowCheck {
  const extras = extra.filter(isPlainProgramName).map((name) => name.toLowerCase());
  const allowed = unique([...BUILTIN_COMMANDS, ...extras]);
  const name = programName(command);
  if (name !== '' && allowed.includes(name)) return { ok: true, name };
  return { ok: false, message: `Command '${command}' is not allowed. Allowed commands: [${allowed.join(', ')}]` };
}

/** A name the user may add to the allowlist: letters, digits, `.`, `_`, `+`, `-`, with no path or extension. */
export function isPlainProgramName(name: string): boolean {
  return name.length <= MAX_EXTRA_COMMAND_LENGTH && PLAIN_PROGRAM_NAME.test(name) && programName(name) === name.toLowerCase();
}

/** Reads `extraCommands` from settings: a list of plain program names, returned lowercased and without repeats. */
export function parseExtraCommands(value: unknown): ExtraCommandsCheck {
  if (value === undefined) return { ok: true, names: [] };
  if (!Array.isArray(value)) return { ok: false, message: 'extraCommands must be a list of program names' };
  if (value.length > MAX_EXTRA_COMMANDS) return { ok: false, message: `extraCommands has more than ${MAX_EXTRA_COMMANDS} names` };
  const names: string[] = [];
  for (const [index, item] of value.entries()) {
    if (typeof item !== 'string') return { ok: false, message: `extraCommands[${index}] must be a string` };
    if (!isPlainProgramName(item)) {
      return {
        ok: false,
        message:
          `extraCommands[${index}] ('${item}') must be a plain program name such as 'aider' ` +
          `(letters, digits, '.', '_', '+', '-'; no directory, no .exe/.cmd/.bat/.com/.ps1). ` +
          `To use a particular binary, put its absolute path in a pin file: <config dir>/bin/<name>`,
      };
    }
    names.push(item.toLowerCase());
  }
  return { ok: true, names: unique(names) };
}

function unique(names: readonly string[]): string[] {
  return [...new Set(names)];
}
