// tessera logs: the log files of a workspace's services and hooks; -f follows them.

import fs from 'node:fs';
import { UsageError, boolFlag } from './argParser.js';
import { STACK_LOG_FOLLOW_MS } from '../limits.js';
import { str } from '../protocol/validate.js';
import { defineCommand, type CommandOutput } from './contract.js';
import { parseStackArgs, stackArgsFromCli, stackWorkspaceFlag, type StackArgs } from './stackResults.js';

export interface LogsArgs extends StackArgs {
  /** A service of the profile or a hook of the fixed list; all logs when left out. */
  name?: string;
}

export interface LogsResult {
  workspace: string;
  logs: { name: string; kind: 'service' | 'hook'; file: string; exists: boolean }[];
}

const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;

export const stackLogs = defineCommand<LogsArgs, LogsResult>({
  name: 'logs',
  summary: "print the logs of a workspace's services and hooks (-f follows them)",
  usage: `tessera logs [SERVICE|HOOK] [-t WORKSPACE] [-f]

  Prints the log of one service or hook of the workspace's stack, or every log there is. -f keeps
  printing new lines as they are written, until Ctrl-C.`,
  server: 'start',
  flags: [stackWorkspaceFlag, { name: 'follow', short: 'f' }],
  maxPositionals: 1,
  fromCli(args) {
    const name = args.positionals[0];
    if (name !== undefined && !NAME.test(name)) throw new UsageError(`'${name}' is not a service or hook name`);
    return { ...stackArgsFromCli(args), ...(name === undefined ? {} : { name }) };
  },
  parse(fields) {
    const name = fields.name === undefined ? undefined : str(fields.name, 'name', 32);
    return { ...parseStackArgs(fields), ...(name === undefined ? {} : { name }) };
  },
  async runCli(args, io, ask) {
    const result = await ask(this.fromCli(args, io));
    const present = result.logs.filter((l) => l.exists);
    if (present.length === 0 && !boolFlag(args, 'follow')) {
      io.err((`tessera: workspace ${result.workspace} has no logs yet${result.logs.length === 1 ? ` for ${result.logs[0].name}` : ''}\n`));
      return 1;
    }
    const offsets = new Map<string, number>();
    for (const log of result.logs) offsets.set(log.file, printFrom(log.file, 0, io, result.logs.length > 1 ? `${log.kind} ${log.name}` : undefined));
    if (!boolFlag(args, 'follow')) return 0;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, STACK_LOG_FOLLOW_MS));
      for (const log of result.logs) offsets.set(log.file, printFrom(log.file, offsets.get(log.file) ?? 0, io, undefined));
    }
  },
});

/** Prints what the file holds from `offset`; returns the new offset (0 again when it was truncated). */
function printFrom(file: string, offset: number, io: CommandOutput, header: string | undefined): number {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    return 0;
  }
  const from = size < offset ? 0 : offset;
  if (size === from) return size;
  const buffer = Buffer.alloc(size - from);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, buffer, 0, buffer.length, from);
  } finally {
    fs.closeSync(fd);
  }
  if (header !== undefined) io.out((`==> ${header} (${file}) <==\n`));
  io.out(buffer.toString('utf8'));
  return size;
}
