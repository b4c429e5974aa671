// tessera logs: the log files of a workspace's services and hooks; -f follows them.

import { StringDecoder } from 'node:string_decoder';
import { UsageError, boolFlag } from './argParser.js';
import { LOG_PRINT_CHUNK_BYTES, STACK_LOG_FOLLOW_MS } from '../limits.js';
import { fileSize, readRange } from '../os/fileRange.js';
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
  printing new lines as they are written, until Ctrl-C. Control characters in a log are shown as
  marks. In the client, the prefix then t shows the logs in a viewer pane that follows them.`,
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
      io.err(`tessera: workspace ${result.workspace} has no logs yet${result.logs.length === 1 ? ` for ${result.logs[0].name}` : ''}\n`);
      return 1;
    }
    const readers = result.logs.map((log) => ({ log, offset: 0, decoder: new StringDecoder('utf8') }));
    for (const reader of readers) printNew(reader, io, result.logs.length > 1 ? `${reader.log.kind} ${reader.log.name}` : undefined);
    if (!boolFlag(args, 'follow')) return 0;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, STACK_LOG_FOLLOW_MS));
      for (const reader of readers) printNew(reader, io, undefined);
    }
  },
});

interface LogReader {
  log: { file: string };
  offset: number;
  /** Keeps a character split between two reads whole. */
  decoder: StringDecoder;
}

/** Prints what the file gained since the last read (all of it again when it was truncated), a bounded piece at a time. */
function printNew(reader: LogReader, io: CommandOutput, header: string | undefined): void {
  const size = fileSize(reader.log.file);
  if (size < reader.offset) reader.offset = 0;
  if (size === reader.offset) return;
  if (header !== undefined) io.out(`==> ${header} (${reader.log.file}) <==\n`);
  while (reader.offset < size) {
    const bytes = readRange(reader.log.file, reader.offset, Math.min(size, reader.offset + LOG_PRINT_CHUNK_BYTES));
    if (bytes.length === 0) return;
    reader.offset += bytes.length;
    io.out(reader.decoder.write(bytes));
  }
}
