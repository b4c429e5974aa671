// capture-pane -S / -E through the real binary, checked against tmux's own capture-pane on the
// same output in a pane of the same size (when tmux is installed).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProgram } from '../fidelity/cases.js';
import { TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

/** 60 numbered lines, then the program waits (so the screen stays as it is). */
const SCRIPT = 'for i in $(seq 1 60); do echo "line $i"; done; exec sleep 600';
const RANGES: string[][] = [
  [],
  ['-S', '-5', '-E', '2'],
  ['-S', '3', '-E', '1'],
  ['-S', '-1000', '-E', '-20'],
  ['-S', '-', '-E', '-'],
  ['-E', '3'],
  ['-S', '5'],
  ['-S', '100'],
  ['-S', '-3', '-E', '-1'],
  ['-S', '-', '-E', '0'],
];

let sandbox: TesseraSandbox;
let size: { cols: number; rows: number };

beforeAll(async () => {
  sandbox = new TesseraSandbox();
  await sandbox.cliOk(['new', '-d', '-s', 'cap', '--', 'bash', '-c', SCRIPT]);
  const [pane] = await eventually(() => sandbox.listPanes(), (p) => p.length === 1);
  size = { cols: pane.cols, rows: pane.rows };
  await eventually(() => sandbox.cliOk(['capture-pane']), (screen) => screen.includes('line 60'));
});

afterAll(async () => {
  await sandbox.cleanup();
});

describe('capture-pane -S / -E', () => {
  it('reaches into the history with negative numbers and clamps past either end', async () => {
    const history = 60 - size.rows + 1; // the cursor sits on the line after "line 60"
    const lines = (args: string[]) => sandbox.cliOk(['capture-pane', ...args]).then((out) => out.split('\n').slice(0, -1));
    expect(await lines(['-S', '-2', '-E', '-1'])).toEqual([`line ${history - 1}`, `line ${history}`]);
    expect((await lines(['-S', '-'])).slice(0, 2)).toEqual(['line 1', 'line 2']);
    expect(await lines(['-S', '-', '-E', '-'])).toHaveLength(history + size.rows);
    expect(await lines(['-S', '0', '-E', '0'])).toEqual([`line ${history + 1}`]);
  });

  it('refuses a line that is not a number or -', async () => {
    const result = await sandbox.cli(['capture-pane', '-S', 'top']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/-S needs a line number/);
  });

  const tmux = findProgram('tmux');
  it.skipIf(tmux === undefined)('gives the same lines as tmux for the same output and size', async () => {
    const tmuxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-tmux-'));
    const config = path.join(tmuxDir, 'tmux.conf');
    fs.writeFileSync(config, 'set -g status off\n');
    const env = { ...process.env, TMUX_TMPDIR: tmuxDir, TMUX: '' };
    const tmuxRun = (args: string[]) => execFileSync(tmux as string, ['-L', 'capture', '-f', config, ...args], { env, encoding: 'utf8' });
    try {
      tmuxRun(['new-session', '-d', '-x', String(size.cols), '-y', String(size.rows), 'bash', '-c', SCRIPT]);
      await eventually(() => tmuxRun(['capture-pane', '-p']), (screen) => screen.includes('line 60'));
      for (const range of RANGES) {
        const ours = await sandbox.cliOk(['capture-pane', ...range]);
        const theirs = tmuxRun(['capture-pane', '-p', ...range]);
        expect({ range, lines: ours }).toEqual({ range, lines: theirs });
      }
    } finally {
      try {
        tmuxRun(['kill-server']);
      } catch {
        // already gone
      }
      fs.rmSync(tmuxDir, { recursive: true, force: true });
    }
  });
});
