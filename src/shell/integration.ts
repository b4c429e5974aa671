// How to start bash, zsh or fish so that they load tessera's shell integration on top of the user's own startup files.

import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ShellLaunch {
  file: string;
  args: string[];
  env: Record<string, string>;
}

export type IntegratedShell = 'bash' | 'zsh' | 'fish';

/**
 * The scripts live in src/shell/scripts/ and the build copies them to dist/shell/scripts/, so the
 * installed package (which ships dist/ and not src/) has them: one folder up from this file
 * (src/shell/) and from its bundled copy (dist/server/).
 */
export const SHELL_SCRIPTS_DIR = fileURLToPath(new URL('../shell/scripts/', import.meta.url));

/** Environment variables the scripts read once at startup and then remove. */
const HANDOFF_VARIABLES = ['TESSERA_BASH_LOGIN', 'TESSERA_BASH_RCFILE', 'TESSERA_USER_ZDOTDIR'];

/** Which integration fits a shell, by its program name ("/usr/bin/zsh", "zsh-5.9", "-bash"). */
export function integratedShell(shellPath: string): IntegratedShell | undefined {
  const match = /^-?(bash|zsh|fish)(-?[\d.]+)?$/.exec(basename(shellPath));
  return match ? (match[1] as IntegratedShell) : undefined;
}

/**
 * The program, arguments and environment that start `shellPath` with tessera's integration.
 * Shells without one, and invocations that do not start an interactive shell (`-c`, a script,
 * `--norc`), run exactly as given. TERM_PROGRAM is always set to tessera.
 */
export function shellLaunch(shellPath: string, userArgs: string[], baseEnv: Record<string, string>): ShellLaunch {
  const env: Record<string, string> = { ...baseEnv, TERM_PROGRAM: 'tessera' };
  for (const name of HANDOFF_VARIABLES) delete env[name];
  const untouched: ShellLaunch = { file: shellPath, args: [...userArgs], env };
  const kind = integratedShell(shellPath);
  if (kind === 'bash') return launchBash(shellPath, userArgs, env) ?? untouched;
  if (kind === 'zsh') return launchZsh(shellPath, userArgs, env) ?? untouched;
  if (kind === 'fish') return launchFish(shellPath, userArgs, env) ?? untouched;
  return untouched;
}

function launchBash(file: string, userArgs: string[], env: Record<string, string>): ShellLaunch | undefined {
  const script = join(SHELL_SCRIPTS_DIR, 'bash-integration.bash');
  if (!existsSync(script)) return undefined;
  const args: string[] = [];
  let login = false;
  let noProfile = false;
  for (let i = 0; i < userArgs.length; i++) {
    const arg = userArgs[i];
    if (arg === '--login') login = true;
    else if (arg === '--noprofile') noProfile = true;
    else if (arg === '--rcfile' || arg === '--init-file') {
      // Their rc file replaces ~/.bashrc; our script sources it in its place.
      const rcfile = userArgs[++i];
      if (rcfile === undefined) return undefined;
      env.TESSERA_BASH_RCFILE = rcfile;
    } else if (['--norc', '--posix', '--restricted', '--'].includes(arg)) return undefined;
    else if (/^-[a-zA-Z]+$/.test(arg)) {
      // -c (command), -s (stdin script), -r (restricted): not an ordinary interactive shell.
      if (/[csr]/.test(arg)) return undefined;
      if (arg.includes('l')) login = true;
      const rest = arg.replace(/l/g, '');
      if (rest !== '-') args.push(rest);
      if (/[oO]$/.test(arg) && i + 1 < userArgs.length) args.push(userArgs[++i]);
    } else if (/^\+[a-zA-Z]+$/.test(arg)) {
      args.push(arg);
      if (/[oO]$/.test(arg) && i + 1 < userArgs.length) args.push(userArgs[++i]);
    } else if (arg.startsWith('--')) args.push(arg);
    else return undefined; // a script file
  }
  // bash ignores --rcfile in a login shell, so a login shell is imitated by our script.
  if (login && !noProfile) env.TESSERA_BASH_LOGIN = '1';
  if (noProfile) args.push('--noprofile');
  const longOptions = args.filter((arg) => arg.startsWith('--'));
  const shortOptions = args.filter((arg) => !arg.startsWith('--'));
  // bash wants every --long option before the first short one.
  return { file, args: ['--rcfile', script, ...longOptions, ...shortOptions], env };
}

function launchZsh(file: string, userArgs: string[], env: Record<string, string>): ShellLaunch | undefined {
  const dir = join(SHELL_SCRIPTS_DIR, 'zsh');
  if (!existsSync(join(dir, '.zshenv'))) return undefined;
  for (let i = 0; i < userArgs.length; i++) {
    const arg = userArgs[i];
    if (arg === '--' || /^--no[-_]?rcs$/i.test(arg)) return undefined;
    if (/^[-+][a-zA-Z]+$/.test(arg)) {
      // -c (command), -s (stdin script), -f (no startup files): not an ordinary interactive shell.
      if (arg.startsWith('-') && /[csf]/.test(arg)) return undefined;
      if (/o$/.test(arg)) i++; // -o OPTION
    } else if (!arg.startsWith('--')) return undefined; // a script file
  }
  // Our .zshenv puts the user's ZDOTDIR back before any of the user's files runs.
  if (env.ZDOTDIR !== undefined) env.TESSERA_USER_ZDOTDIR = env.ZDOTDIR;
  env.ZDOTDIR = dir;
  return { file, args: [...userArgs], env };
}

function launchFish(file: string, userArgs: string[], env: Record<string, string>): ShellLaunch | undefined {
  const script = join(SHELL_SCRIPTS_DIR, 'fish-integration.fish');
  if (!existsSync(script)) return undefined;
  const takesValue = new Set(['-C', '--init-command', '-d', '--debug', '-o', '--debug-output', '-f', '--features', '--profile', '--profile-startup']);
  for (let i = 0; i < userArgs.length; i++) {
    const arg = userArgs[i];
    if (['-c', '--command', '-n', '--no-execute', '-v', '--version', '-h', '--help'].includes(arg) || /^--command=/.test(arg)) {
      return undefined;
    }
    if (takesValue.has(arg)) i++;
    else if (!arg.startsWith('-')) return undefined; // a script file
  }
  // --init-command runs after fish has read the user's config, before the first prompt.
  return { file, args: [`--init-command=source ${fishQuote(script)}`, ...userArgs], env };
}

/** A fish single-quoted string: only backslash and single quote need escaping inside. */
function fishQuote(text: string): string {
  return `'${text.replace(/[\\']/g, (char) => `\\${char}`)}'`;
}
