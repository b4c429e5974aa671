// How a case's program is started the same way everywhere: behind a gate that waits for the terminal
// to have the case's size, in a terminal that answers queries like a real one.

import type { OuterTerminal } from '../helpers/outerTerminal.js';

/**
 * Colors the test terminals report for OSC 10/11 queries: the same as tessera's own default reply,
 * so a program that picks its theme from them (vim's 'background') sees one answer everywhere.
 */
const FOREGROUND_REPLY = 'rgb:d0d0/d0d0/d0d0';
const BACKGROUND_REPLY = 'rgb:0000/0000/0000';
/** How long the size gate waits for the terminal to reach the case's size before giving up. */
const SIZE_GATE_SECONDS = 30;

/**
 * bash that waits (polling `stty size`, with a deadline) until its terminal is COLS×ROWS, runs the
 * command, then sleeps so the program's last screen stays up while it is compared. Echo is off so
 * terminal replies to queries a program never reads cannot appear on the screen.
 */
const SIZE_GATE = `want="$2 $1"; shift 2
stty -echo
deadline=$((SECONDS + ${SIZE_GATE_SECONDS}))
until [ "$(stty size)" = "$want" ]; do
  if [ "$SECONDS" -ge "$deadline" ]; then echo "fidelity: terminal is $(stty size) (rows cols), wanted $want" >&2; exit 97; fi
  sleep 0.02
done
"$@"
exec sleep 3600`;

/** The argv that runs `argv` (with `env` set) once the terminal is cols×rows. */
export function sizedCommand(cols: number, rows: number, argv: string[], env: Record<string, string> = {}): string[] {
  const assignments = Object.entries(env).map(([key, value]) => `${key}=${value}`);
  const program = assignments.length > 0 ? ['/usr/bin/env', ...assignments, ...argv] : argv;
  return ['/bin/bash', '-c', SIZE_GATE, 'fidelity-size-gate', String(cols), String(rows), ...program];
}

/** Makes a headless test terminal answer like a real one: DA, DSR, DECRQM… replies go back to the program. */
export function answerQueries(terminal: OuterTerminal): void {
  terminal.term.onData((reply) => terminal.write(reply));
  const answer = (code: number, color: string) => (data: string) => {
    if (data !== '?') return false;
    terminal.write(`\x1b]${code};${color}\x1b\\`);
    return true;
  };
  terminal.term.parser.registerOscHandler(10, answer(10, FOREGROUND_REPLY));
  terminal.term.parser.registerOscHandler(11, answer(11, BACKGROUND_REPLY));
}

/** Quotes one word for sh. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
