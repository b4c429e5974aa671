import { describe, expect, it } from 'vitest';
import { paneStatus } from '../../../src/server/panes/paneStatus.js';
import { supportsTrueColor } from '../../../src/server/session/terminalCapabilities.js';

describe('pane status', () => {
  it('follows the shell: starting, idle at the prompt, running a command, exited or error', () => {
    expect(paneStatus({ kind: 'shell', exited: false, started: false })).toBe('starting');
    expect(paneStatus({ kind: 'shell', exited: false, started: true, commandRunning: false })).toBe('idle');
    expect(paneStatus({ kind: 'shell', exited: false, started: true, commandRunning: true })).toBe('running');
    expect(paneStatus({ kind: 'command', exited: false, started: true })).toBe('running');
    expect(paneStatus({ kind: 'command', exited: true, exitCode: 0, started: true })).toBe('exited');
    expect(paneStatus({ kind: 'shell', exited: true, exitCode: 130, started: true })).toBe('error');
  });
});

describe('true color detection', () => {
  const info = (term: string, colorTerm: string) => ({ term, colorTerm, insideMultiplexer: false });
  it('trusts COLORTERM and -direct terminals, and the setting over both', () => {
    expect(supportsTrueColor(info('xterm-256color', 'truecolor'), 'auto')).toBe(true);
    expect(supportsTrueColor(info('xterm-256color', '24bit'), 'auto')).toBe(true);
    expect(supportsTrueColor(info('xterm-direct', ''), 'auto')).toBe(true);
    expect(supportsTrueColor(info('screen-256color', ''), 'auto')).toBe(false);
    expect(supportsTrueColor(info('screen-256color', ''), 'on')).toBe(true);
    expect(supportsTrueColor(info('xterm', 'truecolor'), 'off')).toBe(false);
  });
});
