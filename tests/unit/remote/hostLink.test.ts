// The local end of a host link, against a stand-in for ssh (tests/helpers/fakeSsh.mjs) that plays a
// host: a bridge, a login that prints a banner first, ssh failing, no tessera there, another protocol,
// a link cut mid-frame. The real ssh is in tests/e2e/remoteHosts.test.ts.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sendRequest } from '../../../src/client/request.js';
import { PROTOCOL_VERSION } from '../../../src/protocol/messages.js';
import { openHostLink } from '../../../src/remote/hostLink.js';
import { HostLinkError } from '../../../src/remote/hostLinkError.js';
import type { HostTarget } from '../../../src/remote/sshCommand.js';
import { scratch } from '../../helpers/scratch.js';

const FAKE_SSH = path.resolve(import.meta.dirname, '../../helpers/fakeSsh.mjs');
const tmp = scratch('tessera-link-');

/** An executable standing in for ssh (its options come first, as with the real one). */
function fakeSshProgram(): string {
  const file = path.join(tmp.dir(), 'ssh');
  fs.writeFileSync(file, `#!/bin/sh\nexec '${process.execPath}' '${FAKE_SSH}' "$@"\n`, { mode: 0o755 });
  return file;
}

function target(mode: string, record?: string): HostTarget {
  return {
    name: 'far',
    entry: { ssh: 'me@far.example', tessera: 'tessera', server: '' },
    sshCommand: [fakeSshProgram()],
    controlDir: undefined,
    env: { ...process.env, FAKE_SSH_MODE: mode, FAKE_SSH_PROTOCOL: String(PROTOCOL_VERSION), ...(record ? { FAKE_SSH_RECORD: record } : {}) },
  };
}

async function linkError(mode: string, record?: string): Promise<HostLinkError> {
  const error = await openHostLink(target(mode, record)).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HostLinkError);
  return error as HostLinkError;
}

describe('a link to another machine', () => {
  it('runs ssh without ever letting it ask, and the host runs its tessera serve --stdio', async () => {
    const record = path.join(tmp.dir(), 'rec');
    const link = await openHostLink(target('bridge', record));
    link.close();
    const args = JSON.parse(fs.readFileSync(`${record}.args`, 'utf8')) as string[];
    expect(args.slice(0, 2)).toEqual(['-o', 'BatchMode=yes']);
    expect(args.slice(-3)).toEqual(['--', 'me@far.example', 'tessera serve --stdio']);
  });

  it('skips what a login printed before the greeting, and speaks the protocol through', async () => {
    const link = await openHostLink(target('noisy-login'));
    expect(link.hello).toMatchObject({ hostname: 'far', cwd: '/home/far', version: '9.9.9' });
    const stream = await link.connect(true);
    expect(await sendRequest(stream, 'ls', {}, { cwd: link.hello.cwd })).toEqual({ command: 'ls', cwd: '/home/far' });
  });

  it("reports ssh's own reason and the fix: a refused key, an unknown host key", async () => {
    const refused = await linkError('ssh-fails');
    expect(refused.problem).toBe('unreachable');
    expect(refused.message).toMatch(/^far: me@far: Permission denied \(publickey\)\.; .*ssh-add.*ssh-copy-id me@far\.example/);
    const hostKey = await linkError('host-key');
    expect(hostKey.message).toMatch(/^far: Host key verification failed\.; .*ssh me@far\.example/);
  });

  it('tells a host without tessera, and one whose tessera has no bridge, from a broken link', async () => {
    const missing = await linkError('not-found');
    expect(missing.problem).toBe('not-installed');
    expect(missing.message).toMatch(/no tessera there .*command not found.*install tessera .*hosts\.far\.tessera/);
    const old = await linkError('old-tessera');
    expect(old.problem).toBe('version-mismatch');
    expect(old.message).toMatch(/older than the bridge.*install tessera/);
  });

  it('never sends a message to a host of another protocol', async () => {
    const record = path.join(tmp.dir(), 'rec');
    const error = await linkError('mismatch', record);
    expect(error.problem).toBe('version-mismatch');
    expect(error.message).toContain(`it runs tessera 9.9.9 (protocol 999), this is tessera`);
    expect(error.message).toMatch(/install tessera \S+ on me@far\.example/);
    expect(fs.existsSync(record) ? fs.readFileSync(record, 'utf8') : '').toBe('');
  });

  it('gives up on a host that prints without end and never greets', async () => {
    const error = await linkError('endless-banner');
    expect(error.problem).toBe('not-tessera');
    expect(error.message).toMatch(/not tessera's bridge \(more than \d+ bytes before tessera's greeting\)/);
  });

  it('a link cut in the middle of an answer is an error naming the host, not a silent end', async () => {
    const link = await openHostLink(target('cut-mid-frame'));
    const stream = await link.connect(false);
    await expect(sendRequest(stream, 'ls', {}, { cwd: '/' })).rejects.toThrow(/^far: the link closed in the middle of a message/);
  });

  it('a host whose bridge ends cleanly without answering ends the request at once', async () => {
    const link = await openHostLink(target('close-clean'));
    const stream = await link.connect(false);
    await expect(sendRequest(stream, 'ls', {}, { cwd: '/' })).rejects.toThrow(/closed the connection without answering/);
  });

  it('a host that answers with something not tessera is cut off', async () => {
    const link = await openHostLink(target('garbage'));
    const stream = await link.connect(false);
    await expect(sendRequest(stream, 'ls', {}, { cwd: '/' })).rejects.toThrow(/^far: sent something that is not tessera's protocol/);
  });
});
