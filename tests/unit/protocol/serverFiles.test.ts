// The last words of a server that died as it started, read from the log it shares with the server that started
// it: that server may write its own (time-stamped) lines after them, as the upgrade does while it describes the
// panes (the upgrade e2e test read "upgrade: held 3 panes…" as the new server's reason at load 10).

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastLogLine, lastWordsSince, logSize, serverLogPath } from '../../../src/protocol/serverFiles.js';
import { scratch } from '../../helpers/scratch.js';

const tmp = scratch('tessera-serverfiles-');

describe("a dead server's last words", () => {
  it("are Node's report of its error, not a line the starting server wrote after it", () => {
    const socket = path.join(tmp.dir(), 'default');
    const log = serverLogPath(socket);
    fs.writeFileSync(log, '2026-12-04T23:00:00.000Z server started\n');
    const start = logSize(socket);
    fs.appendFileSync(log, `/x/dist/server/server.cjs:1\nthrow new Error('broken');\n^\n\nError: this install is broken\n    at Object.<anonymous> (/x/server.cjs:1:7)\n\nNode.js v20.20.2\n`);
    fs.appendFileSync(log, '2026-12-04T23:00:01.000Z upgrade: held 3 panes still; started /x/main.cjs (pid 7) to take them over\n');
    expect(lastLogLine(socket)).toBe('upgrade: held 3 panes still; started /x/main.cjs (pid 7) to take them over');
    expect(lastWordsSince(socket, start)).toBe('Error: this install is broken');
  });

  it('are its last line when all it wrote has a time stamp, and only what came after it started', () => {
    const socket = path.join(tmp.dir(), 'default');
    const log = serverLogPath(socket);
    fs.writeFileSync(log, "Error: an older server's crash\n");
    const start = logSize(socket);
    expect(lastWordsSince(socket, start)).toBeUndefined();
    fs.appendFileSync(log, '2026-12-04T23:00:02.000Z could not listen: EADDRINUSE\n');
    expect(lastWordsSince(socket, start)).toBe('could not listen: EADDRINUSE');
    expect(lastWordsSince(path.join(tmp.dir(), 'none'), 0)).toBeUndefined();
  });
});
