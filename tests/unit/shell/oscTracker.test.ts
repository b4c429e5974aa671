// The OSC tracker follows OSC 7 and OSC 133 as a headless xterm parses them, and leaves them to others too.

import pkg from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { PATH_MAX_BYTES } from '../../../src/limits.js';
import { parseCwdUrl } from '../../../src/shell/cwdUrl.js';
import { trackShellOsc, type ShellState } from '../../../src/shell/oscTracker.js';

const { Terminal } = pkg;

function setup() {
  const terminal = new Terminal({ cols: 40, rows: 5, allowProposedApi: true });
  const tracker = trackShellOsc(terminal);
  const seen: ShellState[] = [];
  tracker.onChange((state) => seen.push(state));
  const write = (data: string): Promise<void> => new Promise((resolve) => terminal.write(data, resolve));
  return { terminal, tracker, seen, write };
}

describe('parseCwdUrl', () => {
  it('percent-decodes the path and keeps characters URL parsers would treat specially', () => {
    expect(parseCwdUrl('file://host/tmp')).toBe('/tmp');
    expect(parseCwdUrl('file://host/a%20b/%C3%A9%25%23%3F')).toBe('/a b/é%#?');
    expect(parseCwdUrl('file://host/a/../b')).toBe('/a/../b');
    expect(parseCwdUrl('file:///no/host')).toBe('/no/host');
  });

  it('accepts any host but rejects what is not a file URL with an absolute path', () => {
    expect(parseCwdUrl('file://elsewhere.example/srv')).toBe('/srv');
    expect(parseCwdUrl('http://host/tmp')).toBeUndefined();
    expect(parseCwdUrl('file://host')).toBeUndefined();
    expect(parseCwdUrl('/tmp')).toBeUndefined();
    expect(parseCwdUrl('file://host/bad%E9escape')).toBeUndefined();
  });

  it('ignores a path too long to be one (PATH_MAX), however it was encoded', () => {
    const longest = '/' + 'a'.repeat(PATH_MAX_BYTES - 2);
    expect(parseCwdUrl(`file://host${longest}`)).toBe(longest);
    expect(parseCwdUrl(`file://host${longest}b`)).toBeUndefined();
    expect(parseCwdUrl(`file://host/${'%61'.repeat(PATH_MAX_BYTES)}`)).toBeUndefined();
    expect(parseCwdUrl(`file://host/${'é'.repeat(PATH_MAX_BYTES / 2)}`)).toBeUndefined(); // 2 bytes each
  });
});

describe('trackShellOsc', () => {
  it('follows a whole prompt cycle with its exit code', async () => {
    const { tracker, seen, write } = setup();
    expect(tracker.state).toEqual({ phase: 'unknown', integrated: false });
    await write('\x1b]7;file://h/home/u\x07\x1b]133;A\x07$ \x1b]133;B\x07');
    expect(tracker.state).toMatchObject({ cwd: '/home/u', phase: 'input', integrated: true });
    await write('make\r\n\x1b]133;C\x07');
    expect(tracker.state.phase).toBe('running');
    await write('error\r\n\x1b]133;D;2\x07');
    expect(tracker.state).toMatchObject({ phase: 'done', lastExitCode: 2 });
    expect(seen.map((state) => state.phase)).toEqual(['unknown', 'prompt', 'input', 'running', 'done']);
  });

  it('reads marks with extra parameters (133;A;cl=m, 133;D;0;aid=1) and a D without a code', async () => {
    const { tracker, write } = setup();
    await write('\x1b]133;A;cl=m\x07');
    expect(tracker.state.phase).toBe('prompt');
    await write('\x1b]133;D;0;aid=1\x07');
    expect(tracker.state.lastExitCode).toBe(0);
    await write('\x1b]133;D\x1b\\'); // ST-terminated, and no exit code
    expect(tracker.state).toMatchObject({ phase: 'done', lastExitCode: undefined });
  });

  it('without any OSC 133 stays unintegrated, whatever the output looks like', async () => {
    const { tracker, write } = setup();
    await write('user@host:~$ sleep 1\r\n\x1b]7;file://h/tmp\x07');
    expect(tracker.state).toEqual({ phase: 'unknown', integrated: false, cwd: '/tmp' });
  });

  it('lets handlers registered before it see the same sequences', async () => {
    const terminal = new Terminal({ cols: 40, rows: 5, allowProposedApi: true });
    const others: string[] = [];
    for (const ident of [7, 133]) {
      terminal.parser.registerOscHandler(ident, (data) => {
        others.push(data);
        return false;
      });
    }
    // xterm asks the newest handler first, so ours must return false for these to run.
    const tracker = trackShellOsc(terminal);
    await new Promise<void>((resolve) => terminal.write('\x1b]133;A\x07\x1b]7;file://h/x\x07', resolve));
    expect(tracker.state).toMatchObject({ phase: 'prompt', cwd: '/x' });
    expect(others).toEqual(['A', 'file://h/x']);
  });

  it('stops tracking and notifying after dispose', async () => {
    const { tracker, seen, write } = setup();
    tracker.dispose();
    await write('\x1b]133;A\x07\x1b]7;file://h/x\x07');
    expect(tracker.state).toEqual({ phase: 'unknown', integrated: false });
    expect(seen).toEqual([]);
  });
});
