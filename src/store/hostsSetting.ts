// The settings about other machines: `hosts` (a name for each, and how ssh reaches it) and
// `sshCommand` (the ssh program and options tessera runs). See docs/remote.md.

import { HOST_NAME_PATTERN } from '../protocol/hostName.js';
import { InvalidInput, record, str, strArray } from '../protocol/validate.js';

/** How tessera reaches one other machine's server. */
export interface HostEntry {
  /** An ssh destination or an alias of the user's ssh config (`user@build1.example`, `build1`). */
  ssh: string;
  /** The tessera command on that machine (`tessera`, or a path when it is not on the PATH ssh gives). */
  tessera: string;
  /** That machine's server: its -L name ('' for its default server). */
  server: string;
}

export interface HostsSettingsFields {
  /** Other machines by name: `{ "build1": "user@build1.example" }` or `{ "build1": { "ssh": …, "tessera": …, "server": … } }`. */
  hosts: Record<string, HostEntry>;
  /** The ssh program and options before tessera's own (argv, never through a shell), e.g. ["ssh", "-F", "~/.ssh/work_config"]. */
  sshCommand: string[];
}

export const DEFAULT_HOSTS_SETTINGS: HostsSettingsFields = {
  hosts: {},
  sshCommand: ['ssh'],
};

/** More hosts than this in one view is surely a paste accident. */
const MAX_HOSTS = 64;
/** Longest ssh destination (a host name is at most 253 characters, plus the user and port). */
const MAX_DESTINATION = 512;
/** A -L name, as socketPath.ts checks it. */
const SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** Printable text without spaces: what ssh reads as one destination (and nothing a terminal acts on). */
const ONE_WORD = /^[\x21-\x7e\u00a0-\uffff]+$/;

export function parseHostsSetting(key: keyof HostsSettingsFields, value: unknown): Partial<HostsSettingsFields> {
  if (key === 'sshCommand') return { sshCommand: parseSshCommand(value) };
  const fields = record(value, 'hosts');
  const names = Object.keys(fields);
  if (names.length > MAX_HOSTS) throw new InvalidInput(`hosts: at most ${MAX_HOSTS} hosts`);
  const hosts: Record<string, HostEntry> = {};
  for (const name of names) {
    if (!HOST_NAME_PATTERN.test(name)) throw new InvalidInput(`hosts: '${name}' must be letters, digits, '-' or '_' (at most 32, no ':' or '.'), e.g. "build1"`);
    const entry = parseEntry(name, fields[name]);
    const twin = Object.entries(hosts).find(([, other]) => other.ssh === entry.ssh && other.server === entry.server);
    if (twin) throw new InvalidInput(`hosts: '${name}' and '${twin[0]}' name the same machine and server (${entry.ssh}); keep one`);
    hosts[name] = entry;
  }
  return { hosts };
}

function parseEntry(name: string, value: unknown): HostEntry {
  if (typeof value === 'string') return { ssh: destination(value, `hosts.${name}`), tessera: 'tessera', server: '' };
  const fields = record(value, `hosts.${name} (an ssh destination such as "user@build1.example", or { "ssh": …, "tessera": …, "server": … })`);
  for (const key of Object.keys(fields)) {
    if (key !== 'ssh' && key !== 'tessera' && key !== 'server') throw new InvalidInput(`hosts.${name}: unknown field '${key}' (known: ssh, tessera, server)`);
  }
  const tessera = fields.tessera === undefined ? 'tessera' : str(fields.tessera, `hosts.${name}.tessera`, 1024);
  if (tessera === '' || tessera.startsWith('-') || !ONE_WORD.test(tessera)) throw new InvalidInput(`hosts.${name}.tessera must be the tessera command there: a name or a path without spaces, e.g. "~/.local/bin/tessera"`);
  const server = fields.server === undefined ? '' : str(fields.server, `hosts.${name}.server`, 64);
  if (server !== '' && !SERVER_NAME.test(server)) throw new InvalidInput(`hosts.${name}.server must be a server name as -L takes it (letters, digits, '.', '_', '-')`);
  return { ssh: destination(fields.ssh, `hosts.${name}.ssh`), tessera, server };
}

/** One ssh destination: never an option (a leading '-' would make ssh read it as one). */
function destination(value: unknown, what: string): string {
  const text = str(value, what, MAX_DESTINATION);
  if (text === '' || text.startsWith('-') || !ONE_WORD.test(text)) throw new InvalidInput(`${what} must be an ssh destination such as "user@build1.example" or an alias of your ssh config (no spaces, not starting with '-')`);
  return text;
}

function parseSshCommand(value: unknown): string[] {
  const argv = strArray(value, 'sshCommand', 32);
  if (argv.length === 0 || argv[0] === '') throw new InvalidInput('sshCommand must start with the ssh program, e.g. ["ssh"] or ["ssh", "-F", "/path/to/config"]');
  if (argv.some((arg) => /[\x00-\x1f\x7f]/.test(arg))) throw new InvalidInput('sshCommand must not contain control characters');
  return argv;
}
