// A headless xterm that plays the part of the user's terminal: it renders what the agent draws and answers its queries.

import pkg from '@xterm/headless';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import type { AgentScreen } from '../../../src/agents/screen.js';

const { Terminal } = pkg;
type HeadlessTerminal = InstanceType<typeof Terminal>;

export interface VirtualTerminal {
  /** Feed program output; `done` runs once the emulator has parsed it. */
  write(data: string, done: () => void): void;
  snapshot(): AgentScreen;
  /** Replies the emulator sends back to the program (cursor reports, device attributes). */
  onReply(listener: (data: string) => void): void;
  dispose(): void;
}

export function createVirtualTerminal(cols: number, rows: number): VirtualTerminal {
  const term: HeadlessTerminal = new Terminal({ cols, rows, scrollback: 1000, allowProposedApi: true });
  term.loadAddon(new Unicode11Addon());
  term.unicode.activeVersion = '11';
  let title: string | undefined;
  term.onTitleChange((value) => {
    title = value;
  });

  const snapshot = (): AgentScreen => {
    const buffer = term.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < term.rows; y++) lines.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
    return { lines, cursorX: buffer.cursorX, cursorY: buffer.cursorY, ...(title === undefined ? {} : { title }) };
  };

  return {
    write: (data, done) => term.write(data, done),
    snapshot,
    onReply: (listener) => {
      term.onData(listener);
    },
    dispose: () => term.dispose(),
  };
}
