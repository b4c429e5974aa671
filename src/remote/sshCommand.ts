// The ssh command line tessera runs to reach another machine's bridge: the user's own ssh (config,
// keys, agent), never asking anything (BatchMode), one shared connection per host (ControlMaster),
// and keep-alives that notice a dead link.

import path from 'node:path';
import type { HostEntry } from '../store/hostsSetting.js';
import { SSH_ALIVE_COUNT, SSH_ALIVE_INTERVAL_S, SSH_CONNECT_TIMEOUT_S, SSH_CONTROL_PERSIST_S } from '../limits.js';

/** One host as a link needs it: its name in the settings, its entry, and how ssh is run. */
export interface HostTarget {
  name: string;
  entry: HostEntry;
  /** The `sshCommand` setting: the program and the user's options. */
  sshCommand: readonly string[];
  /** A private directory for the shared connections' sockets; undefined: each command logs in anew. */
  controlDir: string | undefined;
  env: NodeJS.ProcessEnv;
}

/** ssh appends this much to a ControlPath while it makes the socket (a dot and 16 random characters). */
const CONTROL_PATH_SUFFIX = 17;
/** `ssh-` and %C (a 40-character hash of the host, port and user). */
const CONTROL_NAME_LENGTH = 44;
/** What a Unix socket path may hold (sockaddr_un), less the final NUL. */
const MAX_SOCKET_PATH = 107;

/** The program and arguments that run the host's tessera with `remoteArgs` (`serve --stdio`). */
export function sshInvocation(target: HostTarget, remoteArgs: readonly string[]): { file: string; args: string[] } {
  return sshRunning(target, remoteCommand(target.entry, remoteArgs));
}

/**
 * The program and arguments that run a script of tessera's own with `sh` on the host, its arguments as
 * "$1", "$2" …: text from outside (a path) reaches the script as one argument, never as shell code.
 * The login shell there sees only quoted words (`sh -c '…' sh '…'`), whichever shell it is.
 */
export function sshScriptInvocation(target: HostTarget, script: string, scriptArgs: readonly string[]): { file: string; args: string[] } {
  return sshRunning(target, ['sh', '-c', script, 'sh', ...scriptArgs].map(shellWord).join(' '));
}

/** ssh with tessera's options before the user's, reaching the host to run `command` in its login shell. */
function sshRunning(target: HostTarget, command: string): { file: string; args: string[] } {
  const [file, ...userOptions] = target.sshCommand;
  const shared = controlOptions(target.controlDir);
  const args = [
    // First: ssh keeps the first value it is given, and asking for a password or a host key would hang.
    '-o',
    'BatchMode=yes',
    ...userOptions,
    '-T',
    '-o',
    `ConnectTimeout=${SSH_CONNECT_TIMEOUT_S}`,
    '-o',
    `ServerAliveInterval=${SSH_ALIVE_INTERVAL_S}`,
    '-o',
    `ServerAliveCountMax=${SSH_ALIVE_COUNT}`,
    ...shared,
    '--',
    target.entry.ssh,
    command,
  ];
  return { file, args };
}

function controlOptions(dir: string | undefined): string[] {
  if (dir === undefined) return [];
  // A longer path would make ssh refuse the shared connection (and so every command): go without it.
  if (Buffer.byteLength(dir) + 1 + CONTROL_NAME_LENGTH + CONTROL_PATH_SUFFIX > MAX_SOCKET_PATH) return [];
  return ['-o', 'ControlMaster=auto', '-o', `ControlPath=${path.join(dir, 'ssh-%C')}`, '-o', `ControlPersist=${SSH_CONTROL_PERSIST_S}`];
}

/** The command line the host's shell runs: the host's tessera (with its server's -L) and the arguments. */
export function remoteCommand(entry: HostEntry, remoteArgs: readonly string[]): string {
  const server = entry.server === '' ? [] : ['-L', entry.server];
  return [programWord(entry.tessera), ...[...server, ...remoteArgs].map(shellWord)].join(' ');
}

/** `~/bin/tessera` keeps its `~/` unquoted so the host's shell expands it to the home there. */
function programWord(program: string): string {
  return program.startsWith('~/') ? `~/${shellWord(program.slice(2))}` : shellWord(program);
}

/** One word for a POSIX shell: as it is when it is plain, else in single quotes. */
export function shellWord(word: string): string {
  if (/^[A-Za-z0-9_./=:@%+-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
