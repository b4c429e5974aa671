// Scenario: how long a control command takes, as a script calling it in a loop sees it. tessera's
// `list-panes --json` and tmux's `list-panes`, each beside a bare `node -e 0` timed in the same run
// (what any Node program pays to start).

import { execFile } from 'node:child_process';
import { CONTROL_SAMPLES } from '../settings.js';
import { openSession } from '../lib/session.js';
import { median } from '../lib/stats.js';

/** @type {import('./scenario.js').Scenario<{}, undefined>} */
export const control = {
  name: 'control',
  title: () => `a control command (list-panes), median of ${CONTROL_SAMPLES} calls, beside a bare \`node -e 0\``,
  figures: [
    { key: 'listPanes', label: 'list-panes', unit: 'ms' },
    { key: 'nodeStart', label: 'node -e 0 (same run)', unit: 'ms' },
  ],
  note: 'tessera runs `tessera list-panes --json`, tmux `tmux list-panes -F …`; calls alternate with `node -e 0`.',
  async run(context) {
    const { server } = await openSession(context, 1);
    const command = server.controlCommand();
    /** @type {number[]} */
    const calls = [];
    /** @type {number[]} */
    const bare = [];
    for (let sample = 0; sample < CONTROL_SAMPLES; sample += 1) {
      calls.push(await timeRun(command.file, command.args, command.env));
      bare.push(await timeRun(process.execPath, ['-e', '0'], command.env));
    }
    return { listPanes: median(calls) ?? Number.NaN, nodeStart: median(bare) ?? Number.NaN };
  },
};

/**
 * Milliseconds from spawning `file` until it has exited successfully.
 * @param {string} file
 * @param {readonly string[]} args
 * @param {Record<string, string>} env
 * @returns {Promise<number>}
 */
function timeRun(file, args, env) {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    execFile(file, [...args], { env, timeout: 15_000, killSignal: 'SIGKILL' }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`\`${file} ${args.join(' ')}\` failed: ${stderr.trim() || error.message}`));
      else resolve(performance.now() - startedAt);
    });
  });
}
