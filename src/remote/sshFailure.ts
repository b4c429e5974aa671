// What an ssh that ended before tessera's greeting means: ssh's own last line says why (host key,
// key refused, no such host, connection refused), a shell's "not found" means no tessera there, an old
// tessera has no `serve`. Each becomes one HostLinkError with the command or setting that fixes it.

import { VERSION } from '../version.js';
import { HostLinkError, oneLine } from './hostLinkError.js';
import type { HostTarget } from './sshCommand.js';

/** ssh's exit status when ssh itself failed (rather than the command it ran). */
const SSH_FAILED = 255;
/** A shell's status for a command it cannot find, and for one it cannot run. */
const NOT_FOUND = 127;
const NOT_EXECUTABLE = 126;

export interface SshEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The end of what ssh (and the command there) wrote on stderr. */
  stderr: string;
}

export function describeSshEnd(target: HostTarget, end: SshEnd): HostLinkError {
  const { name, entry } = target;
  const last = lastLine(end.stderr);
  if (end.signal !== null) return new HostLinkError(name, 'broken', `ssh was ended by ${end.signal}`, 'try again');
  if (end.code === SSH_FAILED) return new HostLinkError(name, 'unreachable', last || 'ssh could not connect', sshFix(last, entry.ssh));
  if (end.code === NOT_FOUND || end.code === NOT_EXECUTABLE) {
    return new HostLinkError(
      name,
      'not-installed',
      `no tessera there (${last || `'${entry.tessera}' not found`})`,
      `install tessera ${VERSION} on ${entry.ssh}, or set hosts.${name}.tessera to its path there (ssh commands do not read the PATH a .bashrc sets after its interactive check); 'tessera host install ${name}' installs it from here`,
    );
  }
  if (/unknown command 'serve'/.test(end.stderr)) {
    return new HostLinkError(name, 'version-mismatch', 'its tessera is older than the bridge (it has no serve --stdio)', `install tessera ${VERSION} there ('tessera host install ${name}'); 'tessera help remote'`);
  }
  return new HostLinkError(name, 'not-tessera', `ssh ended with status ${end.code} before tessera answered${last ? `: ${last}` : ''}`, `try 'ssh ${entry.ssh} ${entry.tessera} --version'`);
}

/** The last line ssh wrote that says something (its warnings come first, the reason last). */
function lastLine(stderr: string): string {
  const lines = stderr.split(/\r?\n/).map((line) => oneLine(line)).filter((line) => line !== '');
  return lines.at(-1) ?? '';
}

function sshFix(reason: string, destination: string): string {
  if (/host key|REMOTE HOST IDENTIFICATION/i.test(reason)) return `ssh does not know ${destination}'s host key: connect once with 'ssh ${destination}' to check and accept it`;
  if (/Permission denied|Too many authentication failures/i.test(reason)) {
    return `tessera logs in with your ssh keys or agent, never a password: load your key ('ssh-add') or install it there ('ssh-copy-id ${destination}')`;
  }
  if (/Could not resolve hostname/i.test(reason)) return "check the host's ssh destination in the hosts setting ('tessera help remote')";
  if (/Connection refused|timed out|No route to host|Network is unreachable/i.test(reason)) return 'is the machine on, and its ssh server running?';
  return `try 'ssh ${destination}' yourself`;
}
