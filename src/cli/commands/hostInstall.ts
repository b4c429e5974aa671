// tessera host install HOST: this tessera's package copied to a host of the hosts setting and
// installed there with the host's own npm (src/remote/install/). Run by the command line alone: no
// server takes part, here or there.

import { UsageError, boolFlag, stringFlag, type ParsedArgs } from '../../commands/argParser.js';
import { installOnHost, type InstallRequest } from '../../remote/install/installOnHost.js';
import type { CliCommand } from '../command.js';
import { hostTarget, settingsForHosts } from '../hostContext.js';

const USAGE_LINE = 'tessera host install HOST [--prefix DIR] [--force]';
/** A longer --prefix is surely a paste accident (PATH_MAX is 4096, npm adds its folders below it). */
const MAX_PREFIX = 1024;

export interface HostInstallArgs extends InstallRequest {
  host: string;
}

/** The command line as the install's arguments; a UsageError for anything else. */
export function hostInstallArgs(args: ParsedArgs): HostInstallArgs {
  const [action, host] = args.positionals;
  if (action !== 'install') throw new UsageError(`usage: ${USAGE_LINE}${action === undefined ? '' : ` (there is no 'host ${action}')`}`);
  if (host === undefined) throw new UsageError(`host install needs the name of a host of the hosts setting: ${USAGE_LINE}`);
  const prefix = stringFlag(args, 'prefix');
  if (prefix !== undefined) checkPrefix(prefix);
  return { host, prefix, force: boolFlag(args, 'force') };
}

function checkPrefix(prefix: string): void {
  if (!prefix.startsWith('/') && !prefix.startsWith('~/')) {
    throw new UsageError(`--prefix must be an absolute path on the host, or ~/… for a folder of the home there (quoted, so that this shell leaves it as it is), not '${prefix}'`);
  }
  if (/[\x00-\x1f\x7f-\x9f]/.test(prefix)) throw new UsageError('--prefix must not contain control characters');
  if (prefix.length > MAX_PREFIX) throw new UsageError(`--prefix is longer than ${MAX_PREFIX} characters`);
}

export const hostInstall: CliCommand = {
  name: 'host',
  summary: 'install this tessera on a host of the hosts setting (tessera host install HOST)',
  usage: `${USAGE_LINE}

  Installs this tessera (the same version and build) on HOST, a host of the "hosts" setting (see
  'tessera help remote'), with that machine's own npm. Through ssh as 'tessera -H HOST' (your
  keys or agent, never a password), it checks that the host has Node (the version tessera needs)
  and npm on the PATH ssh commands get, and says plainly what it lacks; packs this installation
  ('npm pack'), streams the package to a temporary file there, runs 'npm install --global' with
  it, removes the file, and checks that 'tessera -H HOST' reaches the new version. Each step is
  printed; a failure prints ssh's or npm's own words and what to do.

  --prefix DIR  install into DIR there (npm install --global --prefix DIR): a folder of yours
                when npm's global folder needs root. DIR is an absolute path or '~/…' (quoted:
                the home there). tessera is then DIR/bin/tessera: set the host's "tessera" to
                it ("hosts": { "HOST": { "ssh": "…", "tessera": "DIR/bin/tessera" } }), or put
                DIR/bin on the PATH ssh commands get there. Without --prefix, a host whose
                "tessera" is DIR/bin/tessera gets DIR (an upgrade replaces the tessera -H runs),
                any other npm's global folder.
  --force       install even when the host has this version already (by default nothing is done).

  Exit status 0 when 'tessera -H HOST' reaches this version there; 1 otherwise (said why).`,
  flags: [{ name: 'prefix', value: true, valueHint: "an absolute path on the host, or '~/…'" }, { name: 'force' }],
  maxPositionals: 2,
  async run(args, ctx) {
    const request = hostInstallArgs(args);
    const target = hostTarget(settingsForHosts(ctx.env), request.host, ctx.env);
    await installOnHost(target, request, { step: (line) => ctx.out(`${line}\n`), env: ctx.env });
    return 0;
  },
};
