#!/usr/bin/env node
// An agent-like TUI: a 90×20 box repainted in full 30 times a second, with a spinner, a growing
// token count, a scrolling log and a frame counter the harness reads off the outer screen.
//
//   node agent-tui.js --pane N --seconds S [--gate FIFO]
//
// With --gate it first blocks reading FIFO (see bench/lib/start-gate.js), so several copies start
// painting at one instant.

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { TUI_COLS, TUI_FPS, TUI_ROWS } from '../settings.js';
import { formatFrameTag } from './frame-tag.js';

const ESC = '\x1b';
const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const LOG_VERBS = ['Read', 'Edit', 'Bash', 'Grep', 'Write', 'Glob', 'Test'];
const LOG_FILES = ['src/term/grid.ts', 'src/mosaic/layout.ts', 'package.json', 'tests/unit/diff.test.ts', 'README.md'];
/** Rows: top border, status line, separator, log rows, separator, input line, bottom border. */
const LOG_ROWS = TUI_ROWS - 6;
const INNER = TUI_COLS - 2;

const { values } = parseArgs({
  options: { pane: { type: 'string', default: '0' }, seconds: { type: 'string', default: '5' }, gate: { type: 'string' } },
});
const pane = Number(values.pane);
const seconds = Number(values.seconds);

if (values.gate !== undefined) readFileSync(values.gate);

/** @type {string[]} */
const log = [];
let tokens = 0;

/**
 * @param {number} r
 * @param {number} g
 * @param {number} b
 */
const rgb = (r, g, b) => `${ESC}[38;2;${r};${g};${b}m`;
const RESET = `${ESC}[0m`;

/**
 * `text` cut or padded to exactly `width` columns (the workload only uses one-column characters).
 * @param {string} text
 * @param {number} width
 */
function fit(text, width) {
  const chars = [...text];
  return chars.length >= width ? chars.slice(0, width).join('') : text + ' '.repeat(width - chars.length);
}

/** @param {number} frame */
function paint(frame) {
  tokens += 17 + (frame % 23);
  log.push(`${LOG_VERBS[frame % LOG_VERBS.length]}(${LOG_FILES[frame % LOG_FILES.length]}) → ${(frame * 7919) % 1000} lines`);
  if (log.length > LOG_ROWS) log.shift();
  const border = rgb(90, 140, 220);
  const rows = [
    `${border}╭${'─'.repeat(INNER)}╮${RESET}`,
    `${border}│${RESET}${rgb(250, 200, 80)}${SPINNER[frame % SPINNER.length]}${RESET} ${fit(
      `Working… ${formatFrameTag(pane, frame)}  ${tokens.toLocaleString('en-US')} tokens  esc to interrupt`,
      INNER - 2,
    )}${border}│${RESET}`,
    `${border}├${'─'.repeat(INNER)}┤${RESET}`,
    ...Array.from({ length: LOG_ROWS }, (_, index) => {
      const line = log[index] ?? '';
      return `${border}│${RESET}${ESC}[38;5;${244 + (index % 8)}m${fit(line, INNER)}${RESET}${border}│${RESET}`;
    }),
    `${border}├${'─'.repeat(INNER)}┤${RESET}`,
    `${border}│${RESET}${ESC}[1m>${RESET} ${fit('', INNER - 2)}${border}│${RESET}`,
    `${border}╰${'─'.repeat(INNER)}╯${RESET}`,
  ];
  // Synchronized output, home, then every row in full: what Ink-based agents send per frame.
  process.stdout.write(`${ESC}[?2026h${ESC}[H${rows.join('\r\n')}${ESC}[?2026l`);
}

process.stdout.write(`${ESC}[?25l${ESC}[2J`);
const start = performance.now();
const frameMs = 1000 / TUI_FPS;
const frames = Math.round(seconds * TUI_FPS);
let frame = 0;
function tick() {
  paint(frame);
  frame += 1;
  if (frame >= frames) {
    process.stdout.write(`${ESC}[${TUI_ROWS + 1};1H${ESC}[?25h`);
    return;
  }
  setTimeout(tick, Math.max(0, start + frame * frameMs - performance.now()));
}
tick();
