// `tessera -H HOST COMMAND`: the command's connections go to HOST's server through ssh (see
// src/remote/). The first link is opened before the command runs: its greeting says the host speaks
// this protocol, and its working directory there (the home) is what relative paths mean.

import { UsageError } from '../commands/argParser.js';
import { didYouMean } from '../commands/didYouMean.js';
import { controlDirectory } from '../remote/controlDir.js';
import { openHostLink, type HostLink } from '../remote/hostLink.js';
import type { HostTarget } from '../remote/sshCommand.js';
import { loadSettings } from '../store/settings.js';
import type { Settings } from '../store/settingsDefaults.js';
import type { CliContext } from './command.js';

/** Commands that read or write this machine's files or terminal for the server: with -H they would mix two machines. */
const HERE_ONLY: Readonly<Record<string, string>> = {
  profile: 'it reads the profile from a folder of this machine',
  logs: 'it reads the log files from this machine',
  serve: 'it is what -H runs on the host',
  hosts: "it lists this machine's hosts setting",
  host: "it installs this machine's tessera on a host of this machine's hosts setting",
  upgrade: "it names this machine's tessera install for the server to start",
};

export function refuseHereOnly(commandName: string, host: string): void {
  const why = HERE_ONLY[commandName];
  if (why !== undefined) throw new UsageError(`'${commandName}' does not work with -H: ${why}; run it on ${host} itself (log in there, then 'tessera ${commandName} …')`);
}

/** The settings, or an error saying where their mistake is (a host cannot be found without them). */
export function settingsForHosts(env: NodeJS.ProcessEnv): Settings {
  const loaded = loadSettings(env);
  if (!loaded.ok) throw new UsageError(`the settings have a mistake, so the hosts cannot be read: ${loaded.error}`);
  return loaded.settings;
}

/** The target of a host in the settings; a UsageError naming the setting when there is no such host. */
export function hostTarget(settings: Settings, name: string, env: NodeJS.ProcessEnv, serverName?: string): HostTarget {
  const entry = settings.hosts[name];
  if (entry === undefined) {
    const known = Object.keys(settings.hosts);
    const list = known.length === 0 ? 'no hosts are set' : `the hosts are ${known.join(', ')}`;
    throw new UsageError(`no host '${name}' in the hosts setting (${list})${didYouMean(name, known)}; add one: "hosts": { "${name}": "user@${name}.example" } ('tessera help remote')`);
  }
  return { name, entry: serverName === undefined ? entry : { ...entry, server: serverName }, sshCommand: settings.sshCommand, controlDir: controlDirectory(env), env };
}

/** The command's context for HOST; `close()` ends the links the command left open. */
export async function hostContext(target: HostTarget, base: Omit<CliContext, 'connect' | 'host' | 'cwd' | 'serverLabel' | 'callerPane'>): Promise<{ ctx: CliContext; close(): void }> {
  const links: HostLink[] = [];
  const first = await openHostLink(target);
  links.push(first);
  let firstUsed = false;
  const ctx: CliContext = {
    ...base,
    host: target.name,
    serverLabel: `-H ${target.name}`,
    callerPane: undefined,
    cwd: first.hello.cwd,
    async connect(start) {
      if (!firstUsed) {
        firstUsed = true;
        return first.connect(start);
      }
      const link = await openHostLink(target);
      links.push(link);
      return link.connect(start);
    },
  };
  return { ctx, close: () => links.forEach((link) => link.close()) };
}
