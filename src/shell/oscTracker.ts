// What a pane's shell reports through OSC 7 (cwd) and OSC 133 (prompt / command / exit status).

import type { Disposable } from '../pty/ptyProcess.js';
import { parseCwdUrl } from './cwdUrl.js';

/**
 * Where the shell is in its prompt cycle: prompt (133;A) → input (133;B) → running (133;C) →
 * done (133;D) → prompt … Stays 'unknown' until the shell reports anything.
 */
export type ShellPhase = 'unknown' | 'prompt' | 'input' | 'running' | 'done';

export interface ShellState {
  cwd?: string;
  phase: ShellPhase;
  lastExitCode?: number;
  /** True once the shell has sent any OSC 133 mark, i.e. `phase` can be trusted. */
  integrated: boolean;
}

/** The part of an xterm Terminal this needs (so tests can pass a fake). */
export interface OscParserHost {
  parser: {
    registerOscHandler(ident: number, callback: (data: string) => boolean): Disposable;
  };
}

export interface OscTracker extends Disposable {
  readonly state: ShellState;
  onChange(listener: (state: ShellState) => void): Disposable;
}

const PHASE_OF_MARK: Record<string, ShellPhase | undefined> = { A: 'prompt', B: 'input', C: 'running', D: 'done' };

/**
 * Follows OSC 7 and OSC 133 as the terminal parses them; other handlers still see every sequence.
 * `initial`: what was known before (a pane taken over from another server).
 */
export function trackShellOsc(terminal: OscParserHost, initial: ShellState = { phase: 'unknown', integrated: false }): OscTracker {
  let state: ShellState = { ...initial };
  const listeners = new Set<(state: ShellState) => void>();

  const update = (next: ShellState): void => {
    const same =
      next.cwd === state.cwd &&
      next.phase === state.phase &&
      next.lastExitCode === state.lastExitCode &&
      next.integrated === state.integrated;
    if (same) return;
    state = next;
    for (const listener of [...listeners]) listener(state);
  };

  const handlers = [
    terminal.parser.registerOscHandler(7, (data) => {
      const cwd = parseCwdUrl(data);
      if (cwd !== undefined) update({ ...state, cwd });
      return false;
    }),
    terminal.parser.registerOscHandler(133, (data) => {
      const [mark = '', ...params] = data.split(';');
      const phase = PHASE_OF_MARK[mark];
      if (!phase) {
        update({ ...state, integrated: true }); // P, L and other marks: integrated, phase unchanged
      } else if (phase === 'done') {
        const code = /^-?\d+$/.test(params[0] ?? '') ? Number(params[0]) : undefined;
        update({ ...state, phase, lastExitCode: code, integrated: true });
      } else {
        update({ ...state, phase, integrated: true });
      }
      return false;
    }),
  ];

  return {
    get state() {
      return state;
    },
    onChange(listener) {
      listeners.add(listener);
      return { dispose: () => listeners.delete(listener) };
    },
    dispose() {
      for (const handler of handlers) handler.dispose();
      listeners.clear();
    },
  };
}
