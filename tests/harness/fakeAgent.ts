// A custom agent played by a script, for the approval rules in process: it asks a y/n question as soon as
// it starts, and again for every task typed at its prompt; the answer it reads is printed after the question
// (as line-oriented agents leave it on screen). Its settings entry runs /bin/sh with FAKE_AGENT_ARG, which
// programFor recognises.

import type { PtySpawnOptions } from '../../src/pty/ptyProcess.js';
import { fakeShell } from './programs.js';
import type { ScriptedProgram } from './scriptedPty.js';

export const FAKE_AGENT_ARG = '--tessera-test-fake-agent';

export const FAKE_AGENT_SETTINGS = {
  customAgents: [
    {
      name: 'helper',
      command: '/bin/sh',
      args: [FAKE_AGENT_ARG],
      detection: { idle: ['^helper> '], running: ['^Working on: '], approval: ['^Allow this command\\? .*\\(y/n\\)'] },
      approvalKeys: { allow: 'y Enter', deny: 'n Enter', abort: 'C-c' },
    },
  ],
};

/** The agent for a spawn of FAKE_AGENT_SETTINGS, a fake shell for anything else. */
export function agentOrShell(spawn: PtySpawnOptions): ScriptedProgram {
  return spawn.args.includes(FAKE_AGENT_ARG) ? fakeAgent(`task-${spawn.env.TESSERA_PANE}`) : fakeShell();
}

/** Asks about `first` at once; then "ran: X" or "refused: X" for each answer, and a prompt. */
export function fakeAgent(first: string): ScriptedProgram {
  let line = '';
  let asking: string | undefined = first;
  const ask = (task: string, io: { print(text: string): void }) => {
    asking = task;
    io.print(`Working on: ${task}\r\nAllow this command? touch ${task} (y/n) `);
  };
  return {
    start: (io) => ask(first, io),
    input: (data, io) => {
      for (const ch of data) {
        if (ch === '\x03') {
          asking = undefined;
          line = '';
          io.print('^C\r\nhelper> ');
        } else if (ch === '\r') {
          io.print('\r\n');
          const typed = line;
          line = '';
          if (asking !== undefined) {
            io.print(`${typed === 'y' ? 'ran' : 'refused'}: ${asking}\r\nhelper> `);
            asking = undefined;
          } else if (typed !== '') ask(typed, io);
          else io.print('helper> ');
        } else if (ch >= ' ') {
          line += ch;
          io.print(ch);
        }
      }
    },
  };
}
