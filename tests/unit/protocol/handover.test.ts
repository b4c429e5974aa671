// The handover message between two servers of an upgrade is checked like any input from outside:
// its version, its shape, and that no descriptor or pane is named twice.

import { describe, expect, it } from 'vitest';
import { FIRST_HANDED_FD, HANDOVER_VERSION, parseHandoverCommand, parseHandoverMessage, parseHandoverReply } from '../../../src/protocol/handover.js';
import { InvalidInput } from '../../../src/protocol/validate.js';

const pane = (id: number, fd?: number) => ({
  id,
  ...(fd === undefined ? {} : { fd, pid: 4000 + id, startTime: 123 }),
  cols: 80,
  rows: 24,
  kind: 'shell',
  command: 'bash',
  program: '/bin/bash',
  screen: 'tsh$ \x1b[1;6H',
  title: '',
  shell: { phase: 'prompt', integrated: true, cwd: '/home/u' },
  startedAt: 1_700_000_000_000,
  started: true,
  asleep: false,
  attention: false,
  rang: false,
});

function message(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    t: 'handover',
    version: HANDOVER_VERSION,
    from: { version: '0.1.0', protocol: 2, pid: 99 },
    listenFd: FIRST_HANDED_FD,
    workspaces: [{ record: { version: 1, name: 'w' }, cols: 80, rows: 26, env: { TESSERA_SLOT: '0' }, synced: [], focusHistory: [2], panes: [pane(1, FIRST_HANDED_FD + 1), pane(2)] }],
    recent: ['w'],
    nextEventSeq: 12,
    ...overrides,
  };
}

const refused = (value: unknown) => expect(() => parseHandoverMessage(value)).toThrow(InvalidInput);

describe('the handover message', () => {
  it('reads a well-formed one (through JSON, as it travels), with a pane that has a program and one that has none', () => {
    const parsed = parseHandoverMessage(JSON.parse(JSON.stringify(message())));
    expect(parsed.workspaces[0].panes.map((p) => [p.id, p.fd, p.pid])).toEqual([
      [1, FIRST_HANDED_FD + 1, 4001],
      [2, undefined, undefined],
    ]);
    expect(parsed.recent).toEqual(['w']);
    expect(parsed.nextEventSeq).toBe(12);
  });

  it('refuses a format it does not know, with a reason saying which', () => {
    expect(() => parseHandoverMessage(message({ version: HANDOVER_VERSION + 1 }))).toThrow(`handover format ${HANDOVER_VERSION + 1}`);
  });

  it('refuses stdio or the IPC channel as a descriptor, and a descriptor or pane named twice', () => {
    refused(message({ listenFd: 2 }));
    refused(message({ listenFd: 3 }));
    const twice = message();
    (twice.workspaces as { panes: unknown[] }[])[0].panes = [pane(1, FIRST_HANDED_FD), pane(2)];
    expect(() => parseHandoverMessage(twice)).toThrow('descriptor');
    const sameId = message();
    (sameId.workspaces as { panes: unknown[] }[])[0].panes = [pane(1, FIRST_HANDED_FD + 1), pane(1, FIRST_HANDED_FD + 2)];
    expect(() => parseHandoverMessage(sameId)).toThrow('named twice');
  });

  it('refuses a pid without its descriptor, a running program that also exited, and a pid that would be the whole system', () => {
    const pidOnly = message();
    (pidOnly.workspaces as { panes: unknown[] }[])[0].panes = [{ ...pane(1), pid: 1234 }];
    refused(pidOnly);
    const both = message();
    (both.workspaces as { panes: unknown[] }[])[0].panes = [{ ...pane(1, FIRST_HANDED_FD + 1), exited: { exitCode: 0 } }];
    refused(both);
    const init = message();
    (init.workspaces as { panes: unknown[] }[])[0].panes = [{ ...pane(1, FIRST_HANDED_FD + 1), pid: 1 }];
    refused(init);
  });

  it('refuses garbage where a message should be', () => {
    for (const value of [null, 'handover', [], { t: 'go' }, message({ workspaces: 'all' }), message({ from: {} })]) refused(value);
    const emptyWorkspace = message();
    (emptyWorkspace.workspaces as { panes: unknown[] }[])[0].panes = [];
    refused(emptyWorkspace);
  });
});

describe('the messages after it', () => {
  it("reads the new server's answers and refuses any other", () => {
    expect(parseHandoverReply({ t: 'ready', version: '0.2.0', protocol: 3, pid: 7 })).toEqual({ t: 'ready', version: '0.2.0', protocol: 3, pid: 7 });
    expect(parseHandoverReply({ t: 'failed', reason: 'no' })).toEqual({ t: 'failed', reason: 'no' });
    expect(() => parseHandoverReply({ t: 'done' })).toThrow(InvalidInput);
    expect(() => parseHandoverReply({ t: 'ready', version: '0.2.0', protocol: 3, pid: 0 })).toThrow(InvalidInput);
  });

  it("reads the old server's go, with the held input in base64, and refuses input that is not", () => {
    expect(parseHandoverCommand({ t: 'go', input: [{ pane: 3, data: Buffer.from('ls\r').toString('base64') }] })).toEqual({ t: 'go', input: [{ pane: 3, data: 'bHMN' }] });
    expect(() => parseHandoverCommand({ t: 'go', input: [{ pane: 3, data: 'not base64!' }] })).toThrow(InvalidInput);
    expect(() => parseHandoverCommand({ t: 'go' })).toThrow(InvalidInput);
  });
});
