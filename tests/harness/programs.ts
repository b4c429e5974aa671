// Scripted programs for the in-process harness: small stand-ins for a shell and an agent.

import type { ScriptedProgram } from './scriptedPty.js';

export const SHELL_PROMPT = 'fake$ ';

/**
 * A shell that echoes what is typed, runs `echo WORDS` (prints WORDS) and `exit`, and prints its
 * prompt again after Enter. Enough to see which pane got which keys.
 */
export function fakeShell(prompt = SHELL_PROMPT): ScriptedProgram {
  let line = '';
  return {
    start: (io) => io.print(prompt),
    input: (data, io) => {
      for (const ch of data) {
        if (ch === '\r') {
          io.print('\r\n');
          const [command, ...words] = line.trim().split(/\s+/);
          line = '';
          if (command === 'exit') return io.exit(0);
          if (command === 'echo') io.print(`${words.join(' ')}\r\n`);
          io.print(prompt);
        } else if (ch === '\x7f') {
          if (line.length > 0) {
            line = line.slice(0, -1);
            io.print('\b \b');
          }
        } else if (ch >= ' ') {
          line += ch;
          io.print(ch);
        }
      }
    },
  };
}

/** A program that prints nothing and keeps all it is sent (see ScriptedPty.received). */
export const silentProgram: ScriptedProgram = {};
