// The sandbox every multiplexer runs in: private temp dirs, a neutral shell setup, a clean env.

import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_PROMPT, OUTER_TERM } from '../settings.js';

/**
 * Debian's /etc/bash.bashrc sets PS1 over the one passed in the environment, so the benchmark
 * home's rc file puts the environment's prompt back. Login shells (tmux starts one) read
 * .bash_profile, which reads .bashrc.
 */
const BASHRC = [
  '# written by the tessera benchmark: a neutral shell whose prompt comes from the environment',
  'PS1="$TESSERA_BENCH_PS1"',
  'unset PROMPT_COMMAND',
  'HISTFILE=',
  '',
].join('\n');
const BASH_PROFILE = '[ -f ~/.bashrc ] && . ~/.bashrc\n';

/** Variables of the harness's own environment a multiplexer under test must not inherit. */
const INHERITED_NOISE = /^(TMUX|TMUX_PANE|TMUX_TMPDIR|TESSERA_(?!(SERVER_NODE_FLAGS|RELAY_OUTPUT)$).*|PROMPT_COMMAND|PS1|BASH_ENV|ENV|LC_.*)$/;

export class BenchEnvironment {
  /** Root of everything this run writes; removed by dispose(). */
  root = mkdtempSync(join(tmpdir(), 'tessera-bench-'));
  home = join(this.root, 'home');
  /** Socket dirs of both multiplexers (TMUX_TMPDIR, TESSERA_TMPDIR). */
  sockets = join(this.root, 'sockets');
  /** tessera's config dir (TESSERA_CONFIG_DIR): a fresh one, never the user's. */
  config = join(this.root, 'config');
  /** Generated files and FIFOs. */
  files = join(this.root, 'files');
  /** Where panes start. */
  work = join(this.root, 'work');
  #serial = 0;

  constructor() {
    for (const dir of [this.home, this.sockets, this.config, this.files, this.work]) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
    }
    writeFileSync(join(this.home, '.bashrc'), BASHRC);
    writeFileSync(join(this.home, '.bash_profile'), BASH_PROFILE);
  }

  /**
   * The environment of the outer terminal and every multiplexer process.
   * @returns {Record<string, string>}
   */
  env() {
    /** @type {Record<string, string>} */
    const env = {};
    for (const [name, value] of Object.entries(process.env)) {
      if (value !== undefined && !INHERITED_NOISE.test(name)) env[name] = value;
    }
    return {
      ...env,
      HOME: this.home,
      SHELL: '/bin/bash',
      TERM: OUTER_TERM,
      COLORTERM: 'truecolor',
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      PS1: BENCH_PROMPT,
      TESSERA_BENCH_PS1: BENCH_PROMPT,
      TMUX_TMPDIR: this.sockets,
      TESSERA_TMPDIR: this.sockets,
      TESSERA_CONFIG_DIR: this.config,
    };
  }

  /**
   * A socket name no other server of this run uses.
   * @param {string} prefix
   * @returns {string}
   */
  uniqueName(prefix) {
    this.#serial += 1;
    return `${prefix}-${process.pid}-${this.#serial}`;
  }

  dispose() {
    rmSync(this.root, { recursive: true, force: true });
  }
}
