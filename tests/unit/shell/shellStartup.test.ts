// Startup details of each real shell: login shells, ZDOTDIR, prompts that show $?, hooks added later,
// and the prompt compared with the same shell started without tessera.

import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnPty } from '../../../src/pty/ptyProcess.js';
import { findShell, startShell, WAIT_MS, type ShellSession } from './shellSession.js';
import { scratch } from '../../helpers/scratch.js';

/** Each shell's HOME, removed after each test. */
const homes = scratch('tessera-shell-home-');

const bash = findShell('bash');
const zsh = findShell('zsh');
const fish = findShell('fish');

let sessions: ShellSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.map((session) => session.close()));
  sessions = [];
});

function home(): string {
  return realpathSync(homes.dir());
}

async function started(shellPath: string, options: Parameters<typeof startShell>[1]): Promise<ShellSession> {
  const session = startShell(shellPath, options);
  sessions.push(session);
  await session.waitFor(() => session.tracker.state.phase === 'input', 'the first prompt');
  return session;
}

async function runToPrompt(s: ShellSession, line: string): Promise<void> {
  const before = s.history.length;
  s.run(line);
  await s.waitFor(
    () => s.history.slice(before).some((state) => state.phase === 'prompt') && s.tracker.state.phase === 'input',
    `the prompt after "${line}"`,
  );
}

/** The prompt line the same shell shows when started plainly, without tessera's integration. */
async function plainPrompt(shellPath: string, dir: string, expected: string): Promise<string> {
  const pty = spawnPty({
    file: shellPath,
    args: [],
    cwd: dir,
    env: { HOME: dir, PATH: process.env.PATH ?? '/usr/bin:/bin', TERM: 'xterm-256color', LANG: 'C.UTF-8' },
    cols: 100,
    rows: 30,
  });
  let output = '';
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`plain ${shellPath} showed no prompt; output: ${output}`)), WAIT_MS);
    pty.onData((data) => {
      output += data;
      if (output.includes(expected)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  await done.finally(() => pty.terminate());
  return expected;
}

describe.skipIf(!bash)(`bash startup${bash ? '' : ' (skipped: bash is not installed)'}`, () => {
  it('shows the same prompt as bash without tessera, including one that shows $?', async () => {
    const dir = home();
    writeFileSync(join(dir, '.bashrc'), "PS1='[$?] plain-bash> '\n");
    await plainPrompt(bash as string, dir, '[0] plain-bash> ');
    const s = await started(bash as string, { home: dir });
    expect(s.cursorLine()).toBe('[0] plain-bash>');
    await runToPrompt(s, 'false');
    // Our hook runs first in PROMPT_COMMAND and must hand the exit status on untouched.
    expect(s.cursorLine()).toBe('[1] plain-bash>');
  });

  it('imitates a login shell for -l: ~/.bash_profile runs instead of ~/.bashrc', async () => {
    const dir = home();
    writeFileSync(join(dir, '.bash_profile'), "export FROM_PROFILE=yes\nPS1='login> '\n");
    writeFileSync(join(dir, '.bashrc'), 'export FROM_BASHRC=yes\n');
    const s = await started(bash as string, { home: dir, args: ['-l'] });
    await runToPrompt(s, 'echo "profile=${FROM_PROFILE-} bashrc=${FROM_BASHRC-} handoff=${TESSERA_BASH_LOGIN-none}"');
    expect(s.screen()).toContain('profile=yes bashrc= handoff=none');
    expect(s.cursorLine()).toBe('login>');
  });

  it('keeps exit codes right after something prepends to PROMPT_COMMAND later', async () => {
    const dir = home();
    writeFileSync(join(dir, '.bashrc'), "PS1='p> '\n");
    const s = await started(bash as string, { home: dir });
    await runToPrompt(s, 'PROMPT_COMMAND="late_hook=ran; (exit 7); $PROMPT_COMMAND"');
    await runToPrompt(s, 'false');
    expect(s.tracker.state.lastExitCode).toBe(1);
    await runToPrompt(s, 'echo "late=$late_hook"');
    expect(s.screen()).toContain('late=ran');
    expect(s.tracker.state.lastExitCode).toBe(0);
  });
});

describe.skipIf(!zsh)(`zsh startup${zsh ? '' : ' (skipped: zsh is not installed)'}`, () => {
  it('shows the same prompt as zsh without tessera, including one that shows $?', async () => {
    const dir = home();
    writeFileSync(join(dir, '.zshrc'), "PS1='[%?] plain-zsh> '\n");
    await plainPrompt(zsh as string, dir, '[0] plain-zsh> ');
    const s = await started(zsh as string, { home: dir });
    expect(s.cursorLine()).toBe('[0] plain-zsh>');
    await runToPrompt(s, 'false');
    expect(s.cursorLine()).toBe('[1] plain-zsh>');
  });

  it('runs .zshenv and .zshrc, and leaves no ZDOTDIR behind when the user had none', async () => {
    const dir = home();
    writeFileSync(join(dir, '.zshenv'), 'export FROM_ZSHENV=yes\n');
    writeFileSync(join(dir, '.zshrc'), "PS1='z> '\nexport FROM_ZSHRC=yes\nHIST_SEEN=${ZDOTDIR:-$HOME}\n");
    const s = await started(zsh as string, { home: dir });
    await runToPrompt(s, 'echo "env=$FROM_ZSHENV rc=$FROM_ZSHRC zdotdir=${ZDOTDIR-none} seen=$HIST_SEEN"');
    expect(s.screen()).toContain(`env=yes rc=yes zdotdir=none seen=${dir}`);
  });

  it("follows the user's ZDOTDIR, whether given in the environment or set by ~/.zshenv", async () => {
    const dir = home();
    const zdot = join(dir, 'zdot');
    mkdirSync(zdot);
    writeFileSync(join(zdot, '.zshrc'), "PS1='zdot> '\nRC_ZDOTDIR=$ZDOTDIR\n");
    const fromEnv = await started(zsh as string, { home: dir, env: { ZDOTDIR: zdot } });
    await runToPrompt(fromEnv, 'echo "rc-saw=$RC_ZDOTDIR now=$ZDOTDIR exported=$(printenv ZDOTDIR)"');
    expect(fromEnv.screen()).toContain(`rc-saw=${zdot} now=${zdot} exported=${zdot}`);

    writeFileSync(join(dir, '.zshenv'), `export ZDOTDIR='${zdot}'\n`);
    const fromZshenv = await started(zsh as string, { home: dir });
    await runToPrompt(fromZshenv, 'echo "rc-saw=$RC_ZDOTDIR now=$ZDOTDIR"');
    expect(fromZshenv.screen()).toContain(`rc-saw=${zdot} now=${zdot}`);
    expect(fromZshenv.cursorLine()).toBe('zdot>');
  });

  it('runs .zprofile and .zlogin for a login shell', async () => {
    const dir = home();
    writeFileSync(join(dir, '.zprofile'), 'export FROM_ZPROFILE=yes\n');
    writeFileSync(join(dir, '.zlogin'), 'export FROM_ZLOGIN=yes\n');
    writeFileSync(join(dir, '.zshrc'), "PS1='zl> '\n");
    const s = await started(zsh as string, { home: dir, args: ['-l'] });
    await runToPrompt(s, 'echo "profile=$FROM_ZPROFILE login=$FROM_ZLOGIN zdotdir=${ZDOTDIR-none}"');
    expect(s.screen()).toContain('profile=yes login=yes zdotdir=none');
  });

  it('keeps the marks around a prompt a theme sets in a precmd hook added later', async () => {
    const dir = home();
    writeFileSync(join(dir, '.zshrc'), "PS1='z> '\n");
    const s = await started(zsh as string, { home: dir });
    // That hook runs after ours for the very next prompt; the next command puts ours last again.
    s.run("theme() { PS1='themed> ' }; precmd_functions+=(theme)");
    await s.waitFor(() => s.tracker.state.phase === 'done' && s.cursorLine() === 'themed>', 'the themed prompt');
    await runToPrompt(s, 'false');
    expect(s.cursorLine()).toBe('themed>');
    expect(s.tracker.state.lastExitCode).toBe(1);
  });
});

describe.skipIf(!fish)(`fish startup${fish ? '' : ' (skipped: fish is not installed)'}`, () => {
  it('shows the same prompt as fish without tessera, including one that shows $status', async () => {
    const dir = home();
    const config = join(dir, '.config', 'fish');
    mkdirSync(config, { recursive: true });
    writeFileSync(
      join(config, 'config.fish'),
      "set -g fish_greeting\nfunction fish_prompt; printf '[%s %s] plain-fish> ' $status \"$pipestatus\"; end\n",
    );
    await plainPrompt(fish as string, dir, '[0 0] plain-fish> ');
    const s = await started(fish as string, { home: dir });
    expect(s.cursorLine()).toBe('[0 0] plain-fish>');
    await runToPrompt(s, 'true | false');
    expect(s.cursorLine()).toBe('[1 0 1] plain-fish>');
    expect(s.tracker.state.lastExitCode).toBe(1);
  });

  it('wraps a fish_prompt defined after startup', async () => {
    const dir = home();
    const config = join(dir, '.config', 'fish');
    mkdirSync(config, { recursive: true });
    writeFileSync(join(config, 'config.fish'), 'set -g fish_greeting\n');
    const s = await started(fish as string, { home: dir });
    await runToPrompt(s, "function fish_prompt; printf 'later> '; end");
    const mark = s.output().length;
    await runToPrompt(s, 'false');
    expect(s.cursorLine()).toBe('later>');
    expect(s.output().slice(mark)).toContain('later> \x1b]133;B\x07');
    expect(s.tracker.state.lastExitCode).toBe(1);
  });
});
