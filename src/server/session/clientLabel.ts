// How the answer log names an attached client: its number on this server, and its terminal when the
// client said which one it writes to (a client on a pipe or over ssh without a terminal has none).

export function clientLabel(number: number, terminal: string | undefined): string {
  return terminal === undefined ? `client ${number}` : `client ${number} on ${terminal}`;
}
