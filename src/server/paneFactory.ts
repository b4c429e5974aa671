// Starts a pane's program: checks the directory, the allowlist and the program, builds the environment.

import fs from 'node:fs';
import path from 'node:path';
import type { PidRecords } from '../pty/pidRecords.js';
import { checkCommandAllowed } from '../shell/allowlist.js';
import { programName } from '../shell/programName.js';
import { resolveBinary } from '../shell/resolveBinary.js';
import { resolveShell } from '../shell/resolveShell.js';
import { configDirectory } from '../store/configDir.js';
import type { Settings } from '../store/settingsDefaults.js';
import { Pane } from './pane.js';
import { paneEnvironment } from './paneEnv.js';
import { RefusedError } from './workspace.js';

const INTERACTIVE_SHELLS = new Set(['bash', 'zsh', 'fish', 'sh', 'nu', 'xonsh', 'pwsh']);

export interface PaneRequest {
  /** Program and arguments; empty or absent means the user's shell. */
  argv?: string[];
  cwd: string;
  cols: number;
  rows: number;
  /** Where the user typed the command: a relative program path is resolved here, never in the pane's cwd. */
  requestDir?: string;
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
    const { file, args } = argv ? this.program(argv, request.requestDir) : this.shell(request.requestDir);
    // A shell named explicitly (`tessera new -- zsh`) is still a shell: it gets integration and idle/running.
    const kind = !argv || isInteractiveShell(argv) ? 'shell' : 'command';
    const id = this.nextId++;
    try {
      return new Pane({
        id,
        file,
        args,
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

  /** An explicit command: on the allowlist, then resolved to an absolute path. */
  private program(argv: string[], requestDir: string | undefined): { file: string; args: string[] } {
    const allowed = checkCommandAllowed(argv[0], this.settings.extraCommands);
    if (!allowed.ok) throw new RefusedError(allowed.message);
    const resolved = resolveBinary(argv[0], this.binaryOptions(requestDir));
    if (!resolved.ok) throw new RefusedError(resolved.message);
    return { file: resolved.path, args: argv.slice(1) };
  }

  private shell(requestDir: string | undefined): { file: string; args: string[] } {
    const resolved = resolveShell({ settings: this.settings.defaultShell }, { env: this.baseEnv, configDir: configDirectory(this.baseEnv), requestDir, uid: process.getuid?.() });
    if (!resolved.ok) throw new RefusedError(resolved.message);
    return { file: resolved.file, args: resolved.args };
  }

  private binaryOptions(requestDir: string | undefined) {
    return { configDir: configDirectory(this.baseEnv), envPath: this.baseEnv.PATH, requestDir, uid: process.getuid?.() };
  }
}

/** `zsh` or `bash -l` is an interactive shell; `sh -c 'make'` or `bash script.sh` is a command. */
function isInteractiveShell(argv: string[]): boolean {
  if (!INTERACTIVE_SHELLS.has(programName(argv[0]))) return false;
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
