// The tessera driver: a private tessera server (-L, temp socket and config dirs) driven through
// its control commands (see the CLI contract in bench/README.md).

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KILL_TIMEOUT_MS, SESSION_NAME } from '../settings.js';
import { runCommand } from '../lib/exec.js';
import { isRunning } from '../lib/proc.js';

/** @typedef {import('./driver.js').Driver} Driver */
/** @typedef {import('./driver.js').Server} Server */
/** @typedef {import('./driver.js').Pane} Pane */
/** @typedef {import('../lib/bench-env.js').BenchEnvironment} BenchEnvironment */

const REPO = fileURLToPath(new URL('../..', import.meta.url));
/** The tessera under test: this checkout's, unless TESSERA_BENCH_BIN names another bin/tessera.js. */
const TESSERA_BIN = process.env.TESSERA_BENCH_BIN ?? join(REPO, 'bin', 'tessera.js');
const CONTROL_PROBE = fileURLToPath(new URL('../tools/control-probe.js', import.meta.url));

/** @type {Driver} */
export const tesseraDriver = {
  name: 'tessera',
  async check(benchEnv) {
    const version = await describeVersion();
    if (!existsSync(TESSERA_BIN)) {
      return {
        ok: false,
        version,
        problem: `${TESSERA_BIN} does not exist: tessera's command line is not there yet. Measure tmux alone with \`node bench/run.js --only-tmux\` until it is.`,
      };
    }
    const server = new TesseraServer(benchEnv);
    try {
      await server.createSession();
      await server.serverPid();
      const panes = await server.listPanes();
      if (panes.length !== 1) throw new Error(`a new workspace should have 1 pane, list-panes --json showed ${panes.length}`);
      return { ok: true, version };
    } catch (error) {
      return {
        ok: false,
        version,
        problem: `tessera does not yet do what the benchmark needs (new -d, server-info --json, list-panes --json):\n  ${error instanceof Error ? error.message : String(error)}\nMeasure tmux alone with \`node bench/run.js --only-tmux\` until it does.`,
      };
    } finally {
      await server.kill();
    }
  },
  newServer(benchEnv) {
    return new TesseraServer(benchEnv);
  },
};

/** package.json's version plus the commit, e.g. "0.1.0 (e3f05ea)". */
async function describeVersion() {
  const { version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
  try {
    const commit = (await runCommand('git', ['-C', REPO, 'rev-parse', '--short', 'HEAD'])).trim();
    return `${version} (${commit})`;
  } catch {
    return String(version);
  }
}

/** @implements {Server} */
class TesseraServer {
  /** @type {number | undefined} */
  #pid;
  /** Whether startLoopDelay started a measurement. */
  #measuresLoopDelay = false;

  /** @param {BenchEnvironment} benchEnv */
  constructor(benchEnv) {
    this.benchEnv = benchEnv;
    this.socket = benchEnv.uniqueName('tessera');
    // A fresh config dir per server: workspaces persist, and one server's must not meet the next.
    const config = join(benchEnv.config, this.socket);
    mkdirSync(config, { recursive: true, mode: 0o700 });
    this.env = { ...benchEnv.env(), TESSERA_CONFIG_DIR: config };
  }

  coldStartCommand() {
    return { file: process.execPath, args: [TESSERA_BIN, '-L', this.socket], env: this.env };
  }

  async createSession() {
    await this.#tessera('new', '-d', '-s', SESSION_NAME, '-c', this.benchEnv.work);
  }

  attachCommand() {
    return { file: process.execPath, args: [TESSERA_BIN, '-L', this.socket, 'attach', '-t', SESSION_NAME], env: this.env };
  }

  controlCommand() {
    return { file: process.execPath, args: [TESSERA_BIN, '-L', this.socket, 'list-panes', '-t', SESSION_NAME, '--json'], env: this.env };
  }

  /** @param {number} intervalMs */
  async controlProbe(intervalMs) {
    const info = /** @type {{ socketPath?: unknown }} */ (parseJson(await this.#tessera('server-info', '--json'), 'server-info --json'));
    if (typeof info.socketPath !== 'string') throw new Error(`server-info --json has no "socketPath": ${JSON.stringify(info)}`);
    return { file: process.execPath, args: [CONTROL_PROBE, String(intervalMs), 'tessera', info.socketPath], env: this.env };
  }

  /** @returns {Promise<Pane[]>} */
  async listPanes() {
    const out = await this.#tessera('list-panes', '-t', SESSION_NAME, '--json');
    return parsePanes(out);
  }

  /**
   * @param {string} paneId
   * @param {'right' | 'down'} direction
   */
  async split(paneId, direction) {
    await this.#tessera('split', '-t', paneId, direction === 'right' ? '--right' : '--down', '-d', '-c', this.benchEnv.work);
  }

  /**
   * @param {string} paneId
   * @param {string} text
   */
  async sendText(paneId, text) {
    await this.#tessera('send-keys', '-t', paneId, '--literal', text);
  }

  /** @param {string} paneId */
  async capturePane(paneId) {
    return this.#tessera('capture-pane', '-t', paneId);
  }

  async serverPid() {
    if (this.#pid === undefined) {
      const info = parseJson(await this.#tessera('server-info', '--json'), 'server-info --json');
      const pid = /** @type {{ pid?: unknown }} */ (info).pid;
      if (typeof pid !== 'number') throw new Error(`server-info --json has no numeric "pid": ${JSON.stringify(info)}`);
      this.#pid = pid;
    }
    return this.#pid;
  }

  async startLoopDelay() {
    try {
      await this.#tessera('server-info', '--json', '--loop-delay');
      this.#measuresLoopDelay = true;
    } catch {
      // an older build (TESSERA_BENCH_BIN) without --loop-delay: the figure is left out
      this.#measuresLoopDelay = false;
    }
  }

  async takeLoopDelay() {
    if (!this.#measuresLoopDelay) return null;
    const info = parseJson(await this.#tessera('server-info', '--json', '--loop-delay'), 'server-info --json --loop-delay');
    const delay = /** @type {{ loopDelay?: { p50Ms?: unknown, p99Ms?: unknown } | null }} */ (info).loopDelay;
    if (typeof delay?.p50Ms !== 'number' || typeof delay.p99Ms !== 'number') {
      throw new Error(`server-info --json --loop-delay has no numeric "loopDelay.p50Ms" / "p99Ms": ${JSON.stringify(info).slice(0, 200)}`);
    }
    return { p50Ms: delay.p50Ms, p99Ms: delay.p99Ms };
  }

  async kill() {
    try {
      await runCommand(process.execPath, [TESSERA_BIN, '-L', this.socket, 'kill-server'], {
        env: this.env,
        timeoutMs: KILL_TIMEOUT_MS,
      });
    } catch {
      // no server left to kill, or it hangs: the pid check below handles the latter
    }
    if (this.#pid !== undefined && isRunning(this.#pid)) process.kill(this.#pid, 'SIGKILL');
  }

  /** @param {...string} args */
  #tessera(...args) {
    return runCommand(process.execPath, [TESSERA_BIN, '-L', this.socket, ...args], {
      env: this.env,
      cwd: this.benchEnv.work,
    });
  }
}

/**
 * @param {string} text
 * @param {string} command
 * @returns {unknown}
 */
function parseJson(text, command) {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`\`tessera ${command}\` did not print JSON: ${JSON.stringify(text.slice(0, 200))}`);
  }
}

/**
 * The panes of `list-panes --json`, checked field by field.
 * @param {string} text
 * @returns {Pane[]}
 */
function parsePanes(text) {
  const value = parseJson(text, 'list-panes --json');
  if (!Array.isArray(value)) throw new Error(`\`tessera list-panes --json\` printed ${typeof value}, not an array`);
  return value.map((item, index) => {
    const pane = /** @type {Record<string, unknown>} */ (item ?? {});
    const { id, cols, rows, focused } = pane;
    if ((typeof id !== 'string' && typeof id !== 'number') || typeof cols !== 'number' || typeof rows !== 'number') {
      throw new Error(`list-panes --json entry ${index} lacks id/cols/rows: ${JSON.stringify(item)}`);
    }
    return { id: String(id), cols, rows, focused: focused === true };
  });
}
