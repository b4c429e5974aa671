// src/server/ is grouped by concern: the top level holds the Server itself and a few helpers every
// group uses; everything else lives in the folder that names its concern (panes/, workspaces/,
// session/, connections/, process/, commands/, keys/, agent/, ...). A new loose file is a decision
// to make in review, here, not by accident.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './sourceImports.js';

const SERVER = path.join(ROOT, 'src', 'server');

/** The files allowed at the top of src/server/, each with why it is not in a group. */
const TOP_LEVEL: Record<string, string> = {
  'server.ts': 'the Server: composes every group',
  'refusedError.ts': 'the error every group throws when it refuses',
  'listeners.ts': 'a listener set, used by panes, workspaces and sessions alike',
  'nextTurn.ts': 'coalescing work to the next turn, used by every group',
  'cappedFile.ts': 'an append-only capped file: the server log and the answer log',
  'tildify.ts': 'a directory as the user writes it, for any message',
  'hookCommand.ts': "the agents' hook command line; finds bin/ one folder below src/ and dist/ alike",
};

describe('src/server/ layout', () => {
  it('holds no loose file besides the ones named here', () => {
    const loose = fs.readdirSync(SERVER, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
    expect(loose.filter((name) => !(name in TOP_LEVEL))).toEqual([]);
    expect(Object.keys(TOP_LEVEL).filter((name) => !loose.includes(name))).toEqual([]);
  });

  it('has no folder named like a folder of src/ (server/client once sat beside src/client)', () => {
    // commands/ on purpose: src/commands/ defines a command, cli/commands/ and server/commands/ run each side of it.
    const top = new Set(fs.readdirSync(path.join(ROOT, 'src')).filter((name) => name !== 'commands'));
    const inner = fs.readdirSync(SERVER, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(inner.filter((name) => top.has(name))).toEqual([]);
  });
});
