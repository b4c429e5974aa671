// A request's output sent to its client as it comes (`tessera hook` printing a hook's lines live):
// written straight to the socket, never waited for. A client that does not keep up (its terminal
// paused, a pipe nobody reads) misses pieces rather than growing the server's queue or being
// dropped before its answer: what was skipped is counted and said in the next piece that goes.

export function requestOutput(write: (text: string) => void, backlog: () => number, limitBytes: number): (text: string) => void {
  let skipped = 0;
  return (text) => {
    if (text === '') return;
    if (backlog() > limitBytes) {
      skipped += text.length;
      return;
    }
    if (skipped > 0) {
      write(`\n[tessera: ${skipped} characters of output skipped here: this reader fell behind; the whole is in the log]\n`);
      skipped = 0;
    }
    write(text);
  };
}
