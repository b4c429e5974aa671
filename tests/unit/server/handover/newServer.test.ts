// The new server of an upgrade that dies as it starts: whatever was being sent to it when it died, the reason
// given is its own last words (from the log), never the broken pipe of a message that could not reach it.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NewServer } from '../../../../src/server/handover/newServer.js';
import { scratch } from '../../../helpers/scratch.js';

const tmp = scratch('tessera-newserver-');

describe('a new server that dies as it starts', () => {
  it('is reported with what it said as it died, even while messages were being sent to it', async () => {
    const dir = tmp.dir();
    const entry = path.join(dir, 'server.cjs');
    fs.writeFileSync(entry, "throw new Error('this install of tessera is broken');\n");
    const socketPath = path.join(dir, 'sock');
    const next = new NewServer(socketPath, { node: process.execPath, entry }, process.env, []);
    // A message larger than the pipe takes at once, sent as it starts (as the description of the panes is): it is
    // still being written when the server dies, and that write fails (EPIPE) before the exit is seen.
    next.send({ t: 'go', input: [{ pane: 1, data: 'x'.repeat(64 << 20) }] });
    try {
      await expect(next.next('ready', 60_000)).rejects.toThrow(/it exited \(status 1\): Error: this install of tessera is broken/);
    } finally {
      next.kill();
    }
  });
});
