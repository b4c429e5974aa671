// Turns a command name into an absolute program path: an explicit path as given, else a PATH scan.
// Never relative to the pane's directory, so a stray file there cannot shadow the real program.

import fs from 'node:fs';
import path from 'node:path';

export class ProgramNotFound extends Error {}

export function findProgram(command: string, envPath: string | undefined, baseDir: string): string {
  if (command.length === 0) throw new ProgramNotFound('empty command');
  if (command.includes('/')) {
    const candidate = path.resolve(baseDir, command);
    if (!isExecutableFile(candidate)) throw new ProgramNotFound(`command not found or not executable: ${command}`);
    return candidate;
  }
  for (const dir of (envPath ?? '').split(':')) {
    if (!dir || !path.isAbsolute(dir)) continue; // relative PATH entries would resolve against the pane's cwd
    const candidate = path.join(dir, command);
    if (isExecutableFile(candidate)) return candidate;
  }
  throw new ProgramNotFound(`command not found: ${command}`);
}

function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
