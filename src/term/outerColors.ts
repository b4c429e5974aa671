// The colors of the user's terminal (foreground, background, the 16-color palette), asked of it at
// attach (OSC 10/11/4) and told to programs that ask their terminal the same (vim's background,
// agents choosing a light or dark theme). A color the outer terminal did not report is not answered,
// as that terminal would not have answered it either.

import type { IDisposable, Terminal as XTerm } from '@xterm/headless';
import { MAX_PENDING_COLOR_QUERIES } from '../limits.js';

/** How many palette entries are asked for: all 256 (themes change the first 16, and some change the rest too). */
export const ASKED_PALETTE_SIZE = 256;

/** The queries sent to the outer terminal, each ended by BEL (understood by every terminal that answers). */
export const COLOR_QUERIES =
  '\x1b]10;?\x07\x1b]11;?\x07' + Array.from({ length: ASKED_PALETTE_SIZE }, (_, i) => `\x1b]4;${i};?\x07`).join('');

export interface TerminalColors {
  foreground?: string;
  background?: string;
  palette: Map<number, string>;
}

/** A color spec as terminals report them: `rgb:RRRR/GGGG/BBBB` (1–4 hex digits each) or `#RGB…`. */
const COLOR_SPEC = /^(rgb:[0-9a-f]{1,4}\/[0-9a-f]{1,4}\/[0-9a-f]{1,4}|#(?:[0-9a-f]{3}){1,4})$/i;
const REPLY = /^\x1b\](10|11|4);(?:(\d{1,3});)?([^\x07\x1b]*)(?:\x07|\x1b\\)$/;

/** Reads one reply of the outer terminal into `colors`; false when it is not a color reply. */
export function readColorReply(raw: string, colors: TerminalColors): boolean {
  const match = REPLY.exec(raw);
  if (!match) return false;
  const [, code, index, spec] = match;
  if (!COLOR_SPEC.test(spec)) return false;
  if (code === '10' && index === undefined) colors.foreground = spec;
  else if (code === '11' && index === undefined) colors.background = spec;
  else if (code === '4' && index !== undefined && Number(index) < 256) colors.palette.set(Number(index), spec);
  else return false;
  return true;
}

/**
 * The colors programs are told: those of the terminal that attached last. Until a terminal has
 * answered (or been given the time to), queries wait, so a program started with its workspace still
 * learns the colors of the terminal that is about to show it.
 */
class OuterColorsState {
  private colors: TerminalColors | undefined;
  private pending: (() => void)[] = [];
  /** Terminals asked and not done answering: until they are, queries wait for their answers. */
  private asking = 0;

  get known(): TerminalColors | undefined {
    return this.colors;
  }

  /** A terminal is being asked for its colors; call `set` (or `gaveUp`) when it is done. */
  ask(): void {
    this.asking++;
  }

  /** A terminal attached and answered (or did not answer: an empty set). */
  set(colors: TerminalColors): void {
    this.colors = colors;
    this.done();
  }

  /** The terminal being asked went away before it was done: the colors stay as they were. */
  gaveUp(): void {
    this.done();
  }

  /** Runs `answer` once the colors are known; dropped beyond a bound (a program flooding queries). */
  whenKnown(answer: () => void): void {
    if (this.colors && this.asking === 0) answer();
    else if (this.pending.length < MAX_PENDING_COLOR_QUERIES) this.pending.push(answer);
  }

  private done(): void {
    this.asking = Math.max(0, this.asking - 1);
    if (this.asking > 0 || !this.colors) return;
    const waiting = this.pending;
    this.pending = [];
    for (const answer of waiting) answer();
  }
}

export const outerColors = new OuterColorsState();

/**
 * Answers a pane's OSC 10/11/4 color queries with the outer terminal's colors. Queries are always
 * taken here (xterm would otherwise answer with its own made-up theme); setting colors is left to xterm.
 */
export function answerColorQueries(terminal: XTerm, reply: (data: string) => void): IDisposable[] {
  const ask = (what: (colors: TerminalColors) => string | undefined, code: string) => (data: string) => {
    if (data !== '?') return false;
    outerColors.whenKnown(() => {
      const colors = outerColors.known;
      const spec = colors && what(colors);
      if (spec !== undefined) reply(`\x1b]${code};${spec}\x1b\\`);
    });
    return true;
  };
  return [
    terminal.parser.registerOscHandler(10, ask((c) => c.foreground, '10')),
    terminal.parser.registerOscHandler(11, ask((c) => c.background, '11')),
    terminal.parser.registerOscHandler(4, (data) => {
      const parts = data.split(';');
      if (parts.length % 2 !== 0 || parts.some((p, i) => (i % 2 === 0 ? !/^\d{1,3}$/.test(p) : p !== '?'))) return false;
      outerColors.whenKnown(() => {
        for (let i = 0; i < parts.length; i += 2) {
          const spec = outerColors.known?.palette.get(Number(parts[i]));
          if (spec !== undefined) reply(`\x1b]4;${parts[i]};${spec}\x1b\\`);
        }
      });
      return true;
    }),
  ];
}
