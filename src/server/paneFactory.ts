// Starts a pane's program: validates the directory, finds the program, builds its environment.

import fs from 'node:fs';
import path from 'node:path';
import type { PidRecords } from '../pty/pidRecords.js';
import { findProgram } from '../shell/findProgram.js';
import type { Settings } from '../store/settingsDefaults.js';
import { Pane } from './pane.js';
import { paneEnvironment } from './paneEnv.js';
import { RefusedError } from './workspace.js';

const INTERACTIVE_SHELLS = new Set(['bash', 'zsh', 'fish', 'sh', 'dash', 'ksh', 'mksh', 'nu', 'xonsh', 'pwsh']);

export interface PaneRequest {
  /** Program and arguments; empty or absent means the user's shell. */
  argv?: string[];
  cwd: string;
  cols: number;
  rows: number;
}

export class PaneFactory {
  private nextId = 1;

  constructor(
    private readonly settings: Settings,
    private readonly socketPath: string,
    private readonly baseEnv: NodeJS.ProcessEnv,
    private readonly pidRecords: PidRecords | undefined,
  ) {}

  create(request: PaneRequest): Pane {
    const cwd = checkDirectory(request.cwd);
    const argv = request.argv && request.argv.length > 0 ? request.argv : undefined;
    const program = argv ? argv[0] : this.defaultShell();
    // A shell named explicitly (`tessera new -- zsh`) is still a shell: it gets integration and idle/running.
    const kind = !argv || isInteractiveShell(argv) ? 'shell' : 'command';
    let file: string;
    try {
      file = findProgram(program, this.baseEnv.PATH, cwd);
    } catch (error) {
      throw new RefusedError((error as Error).message);
    }
    const id = this.nextId++;
    try {
      return new Pane({
        id,
        file,
        args: argv ? argv.slice(1) : [],
        kind,
        cwd,
        cols: request.cols,
        rows: request.rows,
        env: paneEnvironment(this.baseEnv, { id, socketPath: this.socketPath }),
        scrollback: this.settings.scrollback,
        pidRecords: this.pidRecords,
      });
    } catch (error) {
      throw new RefusedError((error as Error).message);
    }
  }

  private defaultShell(): string {
    const shell = this.baseEnv.SHELL;
    return shell && path.isAbsolute(shell) ? shell : '/bin/sh';
  }
}

/** `zsh` or `bash -l` is an interactive shell; `sh -c 'make'` or `bash script.sh` is a command. */
function isInteractiveShell(argv: string[]): boolean {
  if (!INTERACTIVE_SHELLS.has(path.basename(argv[0]))) return false;
  return argv.slice(1).every((arg) => arg.startsWith('-') && arg !== '-c');
}

function checkDirectory(dir: string): string {
  if (!path.isAbsolute(dir)) throw new RefusedError(`directory must be an absolute path: ${dir}`);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch {
    throw new RefusedError(`no such directory: ${dir}`);
  }
  if (!stat.isDirectory()) throw new RefusedError(`not a directory: ${dir}`);
  return dir;
}
