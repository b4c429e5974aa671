// tessera upgrade: the running server hands every workspace and pane to a server of this tessera's
// version (this install's), and no pane's program ends. See docs/architecture.md, "Upgrades".

import { fileURLToPath } from 'node:url';
import { boolFlag } from './argParser.js';
import { InvalidInput, bool, record, str } from '../protocol/validate.js';
import { VERSION } from '../version.js';
import { defineCommand } from './contract.js';

export interface UpgradeArgs {
  /** The node binary and the server entry (dist/server/main.cjs) of the version to move to. */
  node: string;
  entry: string;
  /** That version: a server of the same version is left as it is, unless `force`. */
  version: string;
  force?: boolean;
}

export interface UpgradeResult {
  /** False when the server runs that version already (nothing was moved). */
  moved: boolean;
  from: { version: string; pid: number };
  to?: { version: string; protocol: number; pid: number };
  workspaces?: number;
  panes?: number;
  /** Panes whose program runs, kept running. */
  programs?: number;
  ms?: number;
}

/** This install as the version to move to: the node running this, and the server entry beside this code. */
export function thisInstall(force = false): UpgradeArgs {
  // One folder below dist/ (dist/cli/main.cjs, dist/server/server.cjs): the entry is dist/server/main.cjs.
  const entry = fileURLToPath(new URL('../server/main.cjs', import.meta.url));
  return { node: process.execPath, entry, version: VERSION, ...(force ? { force } : {}) };
}

/** What a server older than this command answers it (then OLD_SERVER says what to do instead). */
export const isOldServerAnswer = (message: string): boolean => /^unknown command 'upgrade'/.test(message);

export const upgrade = defineCommand<UpgradeArgs, UpgradeResult>({
  name: 'upgrade',
  summary: "move every workspace and pane to this tessera's version, keeping every program running",
  usage: `tessera upgrade [--force]

  After installing a new version of tessera, the server that is running is still the old one. This
  starts a server of this version (this installation's) and hands it everything: each pane's
  program (the same process: agents and shells go on mid-task), its screen and scrollback, the
  layouts, titles, focus and workspaces. Attached clients are asked to attach again ('tessera'):
  they show the new version. It takes a fraction of a second; the old server exits once the new
  one serves. If the new server cannot start or take over, the old one goes on serving with
  every pane and this says why.

  It moves the server this command talks to (-L NAME or -S PATH, as for any command); each server
  is moved on its own. A client that meets an older server when it attaches does this by itself
  (when their protocols differ; otherwise its status bar says the server is older). A server of the same
  version is left alone; --force starts this installation's server in its place all the same (a
  local build with changes). A server older than 'tessera upgrade' itself cannot hand its panes
  over: it keeps running them until you stop it ('tessera kill-server', which ends them).`,
  flags: [{ name: 'force' }],
  fromCli: (args) => thisInstall(boolFlag(args, 'force')),
  parse(fields) {
    const absolute = (value: unknown, what: string) => {
      const path = str(value, what);
      if (!path.startsWith('/')) throw new InvalidInput(`${what} must be an absolute path`);
      return path;
    };
    record(fields, 'arguments');
    return {
      node: absolute(fields.node, 'node'),
      entry: absolute(fields.entry, 'entry'),
      version: str(fields.version, 'version', 64),
      ...(fields.force === undefined ? {} : { force: bool(fields.force, 'force') }),
    };
  },
  print(result, _args, output) {
    output.out(`${upgradeLine(result)}\n`);
  },
  async runCli(args, io, ask) {
    try {
      const result = await ask(thisInstall(boolFlag(args, 'force')));
      io.out(`${upgradeLine(result)}\n`);
      return 0;
    } catch (error) {
      if (!isOldServerAnswer((error as Error).message)) throw error;
      io.err(`tessera: ${OLD_SERVER}\n`);
      return 1;
    }
  },
});

/** Said when the running server predates upgrades. */
export const OLD_SERVER =
  "the running server is a tessera older than 'tessera upgrade': it cannot hand its panes over and keeps running them; to move to this version, save your work, then 'tessera kill-server' (which ends them) and start tessera again";

/** One line about what an upgrade did. */
export function upgradeLine(result: UpgradeResult): string {
  if (!result.moved || !result.to) {
    return `the server (pid ${result.from.pid}) runs tessera ${result.from.version} already: nothing to move ('tessera upgrade --force' starts this installation's server in its place all the same)`;
  }
  const programs = result.programs === 1 ? '1 program' : `${result.programs ?? 0} programs`;
  const panes = result.panes === 1 ? '1 pane' : `${result.panes ?? 0} panes`;
  const workspaces = result.workspaces === 1 ? '1 open workspace' : `${result.workspaces ?? 0} open workspaces`;
  return `moved the server from tessera ${result.from.version} (pid ${result.from.pid}) to tessera ${result.to.version} (pid ${result.to.pid}) in ${result.ms ?? '?'} ms: ${workspaces}, ${panes}, ${programs} still running`;
}
