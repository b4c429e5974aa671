// A scripted custom agent for the in-process harness: a prompt, a status line while it works, a y/n question
// per task, as line-oriented agents do (nothing is cleared after an answer). Its settings entry runs
// /bin/sh with a marker argument, so programFor can tell its panes from the shells.

import type { PtySpawnOptions } from '../../src/pty/ptyProcess.js';
import { fakeShell } from './programs.js';
import type { ScriptedProgram } from './scriptedPty.js';

const MARKER = 'tessera-helper-agent';

/** The customAgents entry (settings) of the helper agent. */
export const HELPER_AGENT = {
  name: 'helper',
  command: '/bin/sh',
  args: ['-c', `: ${MARKER}`],
  detection: { idle: ['^helper> '], running: ['^Working on: '], approval: ['^Allow this command\\? .*\\(y/n\\)'] },
  approvalKeys: { allow: 'y Enter', deny: 'n Enter', abort: 'C-c' },
};

/** programFor: the helper agent for its panes, the fake shell for the rest. */
export const helperOrShell = (spawn: PtySpawnOptions): ScriptedProgram => (spawn.args.some((a) => a.includes(MARKER)) ? helperAgent() : fakeShell());

export function helperAgent(): ScriptedProgram {
  let line = '';
  let asking: string | undefined;
  return {
    start: (io) => io.print('helper> '),
    input: (data, io) => {
      for (const ch of data) {
        if (ch !== '\r') {
          if (ch >= ' ') {
            line += ch;
            io.print(ch);
          }
          continue;
        }
        io.print('\r\n');
        const typed = line.trim();
        line = '';
        if (asking === undefined) {
          asking = typed;
          io.print(`Working on: ${typed}\r\nAllow this command? touch ${typed} (y/n) `);
        } else {
          io.print(`${typed === 'y' ? 'ran' : 'refused'}: ${asking}\r\nhelper> `);
          asking = undefined;
        }
      }
    },
  };
}
