// Real bash, zsh and fish in real PTYs: the user's startup files still run, the prompt looks the same,
// and OSC 7 / OSC 133 report the cwd and every command's start, end and exit code.

import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SHELL_SCRIPTS_DIR } from '../../../src/shell/integration.js';
import { findShell, startShell, type ShellSession } from './shellSession.js';
import { scratch } from '../../helpers/scratch.js';

/** Each shell's HOME, removed after each test. */
const homes = scratch('tessera-shell-home-');

interface ShellCase {
  name: 'bash' | 'zsh' | 'fish';
  prompt: string;
  /** Writes the user's startup files into `home`. */
  writeConfig(home: string): void;
  /** A command line that sources the integration a second time. */
  sourceAgain: string;
}

const cases: ShellCase[] = [
  {
    name: 'bash',
    prompt: 'bash-rc-prompt> ',
    writeConfig(home) {
      writeFileSync(
        join(home, '.bashrc'),
        [
          'export TESSERA_TEST_RC=loaded-bash',
          "PS1='bash-rc-prompt> '",
          'set -u',
          'PROMPT_COMMAND=\'user_prompts=$(( ${user_prompts:-0} + 1 ))\'',
          '',
        ].join('\n'),
      );
    },
    sourceAgain: `source ${join(SHELL_SCRIPTS_DIR, 'bash-integration.bash')}`,
  },
  {
    name: 'zsh',
    prompt: 'zsh-rc-prompt> ',
    writeConfig(home) {
      writeFileSync(join(home, '.zshenv'), 'export TESSERA_TEST_ZSHENV=loaded\n');
      writeFileSync(
        join(home, '.zshrc'),
        [
          'export TESSERA_TEST_RC=loaded-zsh',
          "PS1='zsh-rc-prompt> '",
          'setopt nounset',
          'user_precmd() { user_prompts=$(( ${user_prompts:-0} + 1 )); }',
          'precmd_functions+=(user_precmd)',
          '',
        ].join('\n'),
      );
    },
    sourceAgain: `source ${join(SHELL_SCRIPTS_DIR, 'zsh', 'tessera-hooks.zsh')}`,
  },
  {
    name: 'fish',
    prompt: 'fish-rc-prompt> ',
    writeConfig(home) {
      const dir = join(home, '.config', 'fish');
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, 'config.fish'),
        [
          'set -gx TESSERA_TEST_RC loaded-fish',
          'set -g fish_greeting',
          "function fish_prompt; printf 'fish-rc-prompt> '; end",
          'function user_prompt_counter --on-event fish_prompt; set -g user_prompts (math $user_prompts + 1); end',
          'set -g user_prompts 0',
          '',
        ].join('\n'),
      );
    },
    sourceAgain: `source ${join(SHELL_SCRIPTS_DIR, 'fish-integration.fish')}`,
  },
];

for (const shell of cases) {
  const path = findShell(shell.name);
  const title = path ? `${shell.name} integration` : `${shell.name} integration (skipped: ${shell.name} is not installed)`;

  describe.skipIf(!path)(title, () => {
    let session: ShellSession | undefined;
    afterEach(async () => {
      await session?.close();
      session = undefined;
    });

    const start = async (): Promise<{ session: ShellSession; home: string }> => {
      const home = realpathSync(homes.dir());
      shell.writeConfig(home);
      session = startShell(path as string, { home });
      const s = session;
      await s.waitFor(() => s.tracker.state.phase === 'input', 'the first prompt');
      return { session: s, home };
    };

    /** Runs a command line and waits until the prompt after it has been drawn. */
    const runToPrompt = async (s: ShellSession, line: string): Promise<void> => {
      const before = s.history.length;
      s.run(line);
      await s.waitFor(
        () => s.history.slice(before).some((state) => state.phase === 'prompt') && s.tracker.state.phase === 'input',
        `the prompt after "${line}"`,
      );
    };

    it("loads the user's own startup file and keeps their prompt exactly", async () => {
      const { session: s } = await start();
      expect(s.cursorLine()).toBe(shell.prompt.trimEnd());
      // The marks take no room: the cursor sits right after the visible prompt.
      expect(s.terminal.buffer.active.cursorX).toBe(shell.prompt.length);
      expect(s.tracker.state.integrated).toBe(true);
      await runToPrompt(s, 'echo "rc=$TESSERA_TEST_RC prompts=$user_prompts"');
      expect(s.screen()).toContain('rc=loaded-' + shell.name);
      expect(s.screen()).toMatch(/prompts=[1-9]/); // the user's own prompt hook still runs
      expect(s.screen()).not.toMatch(/unbound|parameter not set|command not found|Unknown command/i);
    });

    it('reports the working directory through OSC 7, percent-decoded', async () => {
      const { session: s, home } = await start();
      await s.waitFor(() => s.tracker.state.cwd === home, `cwd = ${home}`);
      s.run('cd /tmp');
      await s.waitFor(() => s.tracker.state.cwd === '/tmp', 'cwd = /tmp');
      const odd = join(home, 'a b é%#?');
      mkdirSync(odd);
      s.run(`cd '${odd}'`);
      await s.waitFor(() => s.tracker.state.cwd === odd, `cwd = ${odd}`);
    });

    it('reports a running command, then its end with exit code 0', async () => {
      const { session: s } = await start();
      const before = s.history.length;
      s.run('sleep 0.5');
      await s.waitFor(() => s.tracker.state.phase === 'running', 'phase running');
      await s.waitFor(() => s.history.slice(before).some((state) => state.phase === 'done'), 'phase done');
      const phases = s.history.slice(before).map((state) => state.phase);
      expect(phases.indexOf('running')).toBeLessThan(phases.indexOf('done'));
      expect(s.history.slice(before).find((state) => state.phase === 'done')?.lastExitCode).toBe(0);
    });

    it('reports exit code 1 for false, and no command at all for an empty line', async () => {
      const { session: s } = await start();
      await runToPrompt(s, 'false');
      expect(s.tracker.state.lastExitCode).toBe(1);
      const before = s.history.length;
      await runToPrompt(s, '');
      expect(s.history.slice(before).map((state) => state.phase)).not.toContain('running');
      expect(s.tracker.state.lastExitCode).toBe(1);
    });

    it('stays correct when the integration is sourced a second time', async () => {
      const { session: s } = await start();
      await runToPrompt(s, shell.sourceAgain);
      const mark = s.output().length;
      await runToPrompt(s, 'false');
      const after = s.output().slice(mark);
      expect(after.match(/\x1b\]133;C/g)).toHaveLength(1);
      expect(after.match(/\x1b\]133;D/g)).toHaveLength(1);
      expect(s.tracker.state.lastExitCode).toBe(1);
      expect(s.cursorLine()).toBe(shell.prompt.trimEnd());
    });
  });
}
