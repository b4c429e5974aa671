// Chooses the shell a terminal pane runs: the pane's own, else the workspace's, else the settings default,
// else $SHELL, else /bin/sh. Each level is a command line, tokenized and resolved to a path; any program the
// user names may be their shell, as in tmux.

import { resolveBinary, type BinaryFs } from './resolveBinary.js';
import { tokenizeShellCommand } from './tokenize.js';

export type ShellSource = 'pane' | 'workspace' | 'settings' | 'env' | 'default';

/** The configured shell command lines; undefined or '' means "not set here, ask the next level". */
export interface ShellLevels {
  pane?: string;
  workspace?: string;
  settings?: string;
}

export interface ShellContext {
  /** The environment tessera was started with: SHELL is a level, PATH is scanned. */
  env: Readonly<Record<string, string | undefined>>;
  configDir: string;
  /** Where the user's request came from; explicit relative shell paths resolve against it (never the pane's cwd). */
  requestDir?: string;
  uid?: number;
  fs?: BinaryFs;
}

export type ShellResolution =
  | { ok: true; file: string; args: string[]; source: ShellSource }
  | { ok: false; message: string };

/** Used when nothing else names a shell: every POSIX system has it. */
export const FALLBACK_SHELL = '/bin/sh';

const LEVEL_NAMES: Record<ShellSource, string> = {
  pane: "The pane's shell",
  workspace: "The workspace's shell",
  settings: 'The default shell in settings',
  env: '$SHELL',
  default: `The fallback shell ${FALLBACK_SHELL}`,
};

/**
 * The first level that is set decides. A set level that cannot be used (bad quoting, a binary that cannot be
 * found) is an error naming that level: falling through to another shell would hide the user's mistake behind
 * a pane that runs something they did not ask for.
 */
export function resolveShell(levels: ShellLevels, context: ShellContext): ShellResolution {
  const ordered: [ShellSource, string | undefined][] = [
    ['pane', levels.pane],
    ['workspace', levels.workspace],
    ['settings', levels.settings],
    ['env', context.env.SHELL],
  ];
  for (const [source, line] of ordered) {
    if (line === undefined || line === '') continue;
    return resolveLevel(source, line, context);
  }
  return resolveLevel('default', FALLBACK_SHELL, context);
}

function resolveLevel(source: ShellSource, line: string, context: ShellContext): ShellResolution {
  const fail = (why: string): ShellResolution => ({ ok: false, message: `${LEVEL_NAMES[source]} ('${line}') cannot be used: ${why}` });
  const tokens = tokenizeShellCommand(line);
  if (!tokens.ok) return fail(tokens.message);
  const [program, ...args] = tokens.argv;
  if (program === undefined || program === '') return fail('it names no program');
  const binary = resolveBinary(program, {
    configDir: context.configDir,
    envPath: context.env.PATH,
    requestDir: context.requestDir,
    uid: context.uid,
    fs: context.fs,
  });
  if (!binary.ok) return fail(binary.message);
  return { ok: true, file: binary.path, args, source };
}
