// The plugin that gives opencode (checked against opencode-ai 1.18.33) a channel back to tessera. opencode loads a
// plugin named in OPENCODE_CONFIG_CONTENT, a config it merges over the user's own (their plugins stay), so tessera
// sets that variable in the panes it starts and changes no file of the user's. The plugin file is tessera's, in its
// state directory; it runs inside opencode, sees every event of opencode's bus, and runs `tessera agent-hook opencode`
// (JSON on stdin, see opencodeEvents.ts) whenever what the pending permissions and busy sessions add up to changes:
// a subagent's session going idle while the main one works is not "idle".

import { pathToFileURL } from 'node:url';

/** The plugin's file name in tessera's state directory (`.mjs`: an ES module for any JavaScript runtime). */
export const OPENCODE_PLUGIN_FILE = 'opencode-plugin.mjs';

/** The variable that carries the plugin; when the user's environment already sets it, tessera leaves it alone. */
export const OPENCODE_SIGNAL_VARIABLE = 'OPENCODE_CONFIG_CONTENT';

/** The environment that makes opencode load the plugin at `file`. */
export function opencodeSignalEnv(file: string): Record<string, string> {
  return { [OPENCODE_SIGNAL_VARIABLE]: JSON.stringify({ plugin: [pathToFileURL(file).href] }) };
}

/** The plugin's source: `hook` is the command line of `tessera agent-hook` (node, tessera's entry, `agent-hook`). */
export function opencodePluginSource(hook: readonly string[]): string {
  return `// Written by tessera. It runs inside opencode in a tessera pane (named by OPENCODE_CONFIG_CONTENT there, in no
// config file of yours) and tells tessera what opencode does: waits on a permission, works, is idle, failed. It sends
// only that, for its own pane, by running \`tessera agent-hook opencode\`. tessera writes it again when it is missing.
import { spawn } from 'node:child_process';

const HOOK = ${JSON.stringify(hook)};
/** What opencode reports when the user interrupts a turn (Esc Esc): an interruption, not a failure. */
const ABORTED = 'MessageAbortedError';

export const TesseraPaneSignals = async () => {
  if (!process.env.TESSERA_PANE_TOKEN) return {};
  const pending = new Map();
  const busy = new Set();
  let failed;
  let shown = '';
  let queue = Promise.resolve();

  const run = (line) =>
    new Promise((resolve) => {
      try {
        const child = spawn(HOOK[0], HOOK.slice(1), { stdio: ['pipe', 'ignore', 'ignore'] });
        child.on('error', () => resolve());
        child.on('close', () => resolve());
        child.stdin.on('error', () => {});
        child.stdin.end(line);
      } catch {
        resolve();
      }
    });

  // One report at a time, in order, and only when the state changes.
  const report = (state, payload) => {
    const key = state + '\\n' + (payload.command ?? '');
    if (key === shown) return;
    shown = key;
    const line = JSON.stringify({ ...payload, time: Date.now() });
    queue = queue.then(() => run(line));
  };

  const settle = (cause, reply) => {
    const asking = [...pending.values()].at(-1);
    if (asking !== undefined) return report('approval', { type: 'permission.asked', ...asking });
    if (busy.size > 0) {
      // A rejection ends the turn: wait for its idle rather than show the turn going on.
      if (cause === 'permission.replied') return reply === 'reject' ? undefined : report('running', { type: cause, reply });
      return report('running', { type: 'session.busy' });
    }
    if (failed !== undefined) return report('error', { type: 'session.error', error: failed.name, message: failed.data?.message });
    return report('idle', { type: 'session.idle' });
  };

  return {
    event: async ({ event }) => {
      try {
        const p = event.properties ?? {};
        switch (event.type) {
          case 'permission.asked':
            pending.set(p.id, { permission: p.permission, command: p.metadata?.command ?? p.patterns?.[0] });
            break;
          case 'permission.replied':
            pending.delete(p.requestID ?? p.permissionID ?? p.id);
            break;
          case 'session.status':
            if (p.status?.type === 'idle') busy.delete(p.sessionID);
            else {
              busy.add(p.sessionID);
              failed = undefined;
            }
            break;
          case 'session.idle':
            busy.delete(p.sessionID);
            break;
          case 'session.error':
            if (p.error?.name !== ABORTED) failed = p.error ?? { name: 'UnknownError' };
            break;
          default:
            return;
        }
        settle(event.type, p.reply);
      } catch {
        // Never in opencode's way: the pane falls back to its screen.
      }
    },
  };
};
`;
}
