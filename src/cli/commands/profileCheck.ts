// tessera profile check [PATH]: every problem of a repository's stack profile (the `stack` key of its
// .tessera.json), without a server: unknown keys, bad names and values, a hook or service whose
// script is missing or not executable, a service folder that is not there, a declared port in use.

import fs from 'node:fs';
import path from 'node:path';
import { listeningSockets } from '../../os/listeningSockets.js';
import { PROJECT_FILE_NAME, parseProjectFile } from '../../store/projectFile.js';
import { executedPaths } from '../../store/projectScripts.js';
import { checkStackProfile, type StackProfile } from '../../store/stackProfile.js';
import { tokenizeShellCommand } from '../../shell/tokenize.js';
import { UsageError } from '../../commands/argParser.js';
import type { CliCommand } from '../command.js';

export const profileCheck: CliCommand = {
  name: 'profile',
  usage: `tessera profile check [PATH]

  Checks the stack profile (the "stack" key of .tessera.json; see 'tessera help stack') of the
  folder PATH (default: this one), or of the file PATH, and prints every problem: unknown keys,
  bad names or values, a hook or service whose script is missing or not executable, a service
  folder that does not exist, a declared port something already listens on. Exits 1 when there
  is a problem, 0 when there is none.`,
  flags: [],
  maxPositionals: 2,
  async run(args, ctx) {
    if (args.positionals[0] !== 'check') throw new UsageError("usage: tessera profile check [PATH]");
    const given = path.resolve(ctx.cwd, args.positionals[1] ?? '.');
    const file = isDirectory(given) ? path.join(given, PROJECT_FILE_NAME) : given;
    const problems = checkProfileFile(file);
    if (problems.length === 0) {
      ctx.out(`${file}: the stack profile has no problem\n`);
      return 0;
    }
    for (const problem of problems) ctx.out(`${file}: ${problem}\n`);
    ctx.err(`tessera: ${problems.length} problem${problems.length === 1 ? '' : 's'} in the stack profile\n`);
    return 1;
  },
};

/** Every problem of the file's stack profile (the file's own problems first). */
export function checkProfileFile(file: string, listening: () => Set<number> = () => new Set(listeningSockets().keys())): string[] {
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return [code === 'ENOENT' ? 'there is no such file' : error instanceof SyntaxError ? `not valid JSON (${error.message})` : (error as Error).message];
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['the file must hold a JSON object'];
  const problems: string[] = [];
  const { stack, ...rest } = value as Record<string, unknown>;
  try {
    parseProjectFile(rest);
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (stack === undefined) return [...problems, 'it declares no stack'];
  const checked = checkStackProfile(stack);
  problems.push(...checked.problems);
  if (checked.profile) problems.push(...machineProblems(path.dirname(file), checked.profile, listening()));
  return problems;
}

/** What the profile needs of this folder and machine. */
function machineProblems(folder: string, profile: StackProfile, listening: Set<number>): string[] {
  const problems: string[] = [];
  const commands = [
    ...profile.services.map((s) => ({ what: `service ${s.name}`, command: s.command, cwd: s.cwd })),
    ...Object.entries(profile.hooks).map(([name, command]) => ({ what: `hook ${name}`, command, cwd: '' })),
  ];
  for (const service of profile.services) if (!isDirectory(path.join(folder, service.cwd))) problems.push(`service ${service.name}: its folder ${service.cwd} does not exist`);
  for (const { what, command, cwd } of commands) {
    const tokens = tokenizeShellCommand(command);
    if (!tokens.ok) continue;
    const program = tokens.argv.find((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w));
    for (const named of executedPaths(tokens.argv)) {
      const full = path.resolve(folder, cwd, named);
      if (!fs.existsSync(full)) problems.push(`${what}: ${named} does not exist`);
      else if (named === program && !isExecutable(full)) problems.push(`${what}: ${named} is not executable`);
    }
  }
  for (const [name, base] of Object.entries(profile.ports)) {
    if (listening.has(base)) problems.push(`port ${name}: its base ${base} is in use (something listens on it)`);
  }
  return problems;
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
