// The tmux driver: a private tmux server (-L, bench/tmux.conf) driven through its command line.

import { fileURLToPath } from 'node:url';
import { KILL_TIMEOUT_MS, SESSION_NAME } from '../settings.js';
import { runCommand } from '../lib/exec.js';
import { isRunning } from '../lib/proc.js';

/** @typedef {import('./driver.js').Driver} Driver */
/** @typedef {import('./driver.js').Server} Server */
/** @typedef {import('./driver.js').Pane} Pane */
/** @typedef {import('../lib/bench-env.js').BenchEnvironment} BenchEnvironment */

const TMUX_CONF = fileURLToPath(new URL('../tmux.conf', import.meta.url));
const CONTROL_PROBE = fileURLToPath(new URL('../tools/control-probe.js', import.meta.url));
const PANE_FORMAT = '#{pane_id}\t#{pane_width}\t#{pane_height}\t#{pane_active}';

/** @type {Driver} */
export const tmuxDriver = {
  name: 'tmux',
  async check(benchEnv) {
    try {
      const version = (await runCommand('tmux', ['-V'], { env: benchEnv.env() })).trim();
      return { ok: true, version };
    } catch (error) {
      const missing = /ENOENT/.test(String(error));
      return {
        ok: false,
        version: '',
        problem: missing
          ? 'tmux is not installed; the benchmark compares tessera with it. Install it with `apt-get install tmux` (Debian/Ubuntu) or your system\'s package manager.'
          : `tmux -V failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  },
  newServer(benchEnv) {
    return new TmuxServer(benchEnv);
  },
};

/** @implements {Server} */
class TmuxServer {
  /** @type {number | undefined} */
  #pid;

  /** @param {BenchEnvironment} benchEnv */
  constructor(benchEnv) {
    this.benchEnv = benchEnv;
    this.socket = benchEnv.uniqueName('tmux');
    this.env = benchEnv.env();
  }

  coldStartCommand() {
    return { file: 'tmux', args: [...this.#global(), 'new-session', '-s', SESSION_NAME, '-c', this.benchEnv.work], env: this.env };
  }

  async createSession() {
    await this.#tmux('new-session', '-d', '-s', SESSION_NAME, '-c', this.benchEnv.work);
  }

  attachCommand() {
    return { file: 'tmux', args: [...this.#global(), 'attach-session', '-t', SESSION_NAME], env: this.env };
  }

  controlCommand() {
    return { file: 'tmux', args: [...this.#global(), 'list-panes', '-s', '-t', SESSION_NAME, '-F', PANE_FORMAT], env: this.env };
  }

  /** @param {number} intervalMs */
  async controlProbe(intervalMs) {
    return { file: process.execPath, args: [CONTROL_PROBE, String(intervalMs), 'tmux', ...this.#global()], env: this.env };
  }

  /** @returns {Promise<Pane[]>} */
  async listPanes() {
    const out = await this.#tmux('list-panes', '-s', '-t', SESSION_NAME, '-F', PANE_FORMAT);
    return out
      .trim()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        const [id, cols, rows, active] = line.split('\t');
        return { id, cols: Number(cols), rows: Number(rows), focused: active === '1' };
      });
  }

  /**
   * @param {string} paneId
   * @param {'right' | 'down'} direction
   */
  async split(paneId, direction) {
    await this.#tmux('split-window', '-d', '-t', paneId, direction === 'right' ? '-h' : '-v', '-c', this.benchEnv.work);
  }

  /**
   * @param {string} paneId
   * @param {string} text
   */
  async sendText(paneId, text) {
    await this.#tmux('send-keys', '-t', paneId, '-l', text);
  }

  /** @param {string} paneId */
  async capturePane(paneId) {
    return this.#tmux('capture-pane', '-p', '-t', paneId);
  }

  async serverPid() {
    this.#pid ??= Number((await this.#tmux('display-message', '-p', '-t', SESSION_NAME, '#{pid}')).trim());
    return this.#pid;
  }

  async kill() {
    try {
      await runCommand('tmux', [...this.#global(), 'kill-server'], { env: this.env, timeoutMs: KILL_TIMEOUT_MS });
    } catch {
      // no server left to kill, or it hangs: the pid check below handles the latter
    }
    if (this.#pid !== undefined && isRunning(this.#pid)) process.kill(this.#pid, 'SIGKILL');
  }

  #global() {
    return ['-L', this.socket, '-f', TMUX_CONF];
  }

  /** @param {...string} args */
  #tmux(...args) {
    return runCommand('tmux', [...this.#global(), ...args], { env: this.env, cwd: this.benchEnv.work });
  }
}
