// A reader that goes away (`tessera list-panes | head -1`) ends the command quietly, as it ends any
// Unix tool: no stack trace, and the status of a process stopped by SIGPIPE.

/** 128 + SIGPIPE (13): what a shell reports for a writer whose reader went away. */
export const BROKEN_PIPE_STATUS = 141;

/** Ends the process quietly when `stream`'s reader has gone; other write errors get one line on stderr. */
export function endQuietlyOnBrokenPipe(stream: NodeJS.WriteStream, exit: (status: number) => void = (s) => process.exit(s)): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') return exit(BROKEN_PIPE_STATUS);
    try {
      process.stderr.write(`tessera: cannot write the output: ${error.message}\n`);
    } catch {
      // stderr is gone too: the status says it.
    }
    exit(1);
  });
}
