// The fidelity corpus: real programs and recorded streams, each with its pane size and the pattern
// that says it has finished drawing.

import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { REPO_ROOT } from '../helpers/outerTerminal.js';
import type { AspectName } from './cellCompare.js';

export const FIXTURES = path.join(REPO_ROOT, 'tests/fidelity/fixtures');

export interface CaseContext {
  /** A scratch folder for this case (shared by every side that runs it). */
  workDir: string;
}

export interface FidelityCase {
  name: string;
  /** What the case exercises, for whoever reads a failure. */
  about: string;
  cols: number;
  rows: number;
  /** The program and its arguments (an absolute path or a name on PATH). */
  command: (ctx: CaseContext) => string[];
  env?: Record<string, string>;
  /** Working directory; default the case's workDir. */
  cwd?: (ctx: CaseContext) => string;
  /** The screen (rows joined by \n) matches this once the program has drawn everything. */
  ready: RegExp;
  /** Programs the case needs; it is skipped with a message when one is missing. */
  needs: string[];
  /** Sets up files before the program starts. */
  prepare?: (ctx: CaseContext) => Promise<void>;
  /** Aspects tmux is known to render differently here, with the reason (tmux baseline only). */
  tmuxDiffers?: Partial<Record<AspectName, string>>;
}

const node = process.execPath;
const showcase = (part: string) => () => [node, path.join(FIXTURES, 'showcase.mjs'), part];
const fixture = (name: string) => path.join(FIXTURES, name);

/** Flags that make vim ignore every user and system file: the same screen on every machine. */
const VIM_CLEAN = ['-u', 'NONE', '-i', 'NONE', '-N', '-n', '--noplugin'];

/**
 * The agent CLI versions whose output the recorded sessions hold (re-record with
 * `TESSERA_RECORD_STREAMS=1 npx vitest run -c tests/agents/vitest.config.ts record-streams`).
 */
const AGENT_VERSIONS = { claude: '2.1.328', codex: '0.169.0', gemini: '0.61.0', opencode: '1.18.33' };

export const CASES: FidelityCase[] = [
  {
    name: 'vim: C file with 256-color syntax highlighting',
    about: 'syntax colors from the 256 palette, line numbers, cursorline underline, status line with ruler, cursor inside the text',
    cols: 80,
    rows: 24,
    needs: ['vim'],
    command: () => [
      'vim',
      ...VIM_CLEAN,
      '--cmd',
      'set t_Co=256',
      '-c',
      'syntax on',
      '-c',
      'set background=dark number ruler laststatus=2 cursorline',
      '-c',
      'call cursor(21, 9)',
      'sample.c',
    ],
    cwd: () => FIXTURES,
    ready: /sample\.c[\s\S]*21,9/,
  },
  {
    name: 'vim: TypeScript file in true color, vertical split, visual selection',
    about: "termguicolors (38;2 / 48;2), two windows with a divider, 'list' characters, a visual-line selection",
    cols: 100,
    rows: 30,
    needs: ['vim'],
    command: () => [
      'vim',
      ...VIM_CLEAN,
      '-c',
      'syntax on',
      '-c',
      // No mode message: vim may clear it when late terminal replies arrive, which would make it racy.
      'set termguicolors background=dark number ruler noshowmode laststatus=2 list listchars=tab:>-,trail:~',
      '-c',
      'vsplit',
      '-c',
      // Typed after startup (a :normal command would leave visual mode again when it ends).
      'call feedkeys("22GVjj", "n")',
      'sample.ts',
    ],
    cwd: () => FIXTURES,
    ready: /sample\.ts\s+24,3\s/,
  },
  {
    name: 'less -R: colored build log, searching for ERROR',
    about: 'SGR colors passed through by less, search matches in standout (inverse), the file-name prompt, the cursor on the prompt line',
    cols: 90,
    rows: 20,
    needs: ['less'],
    env: { LESSHISTFILE: '-', LESS: '' },
    command: () => ['less', '-R', '+/ERROR', 'build-log.ansi'],
    cwd: () => FIXTURES,
    ready: /module\d\.ts[\s\S]*\nbuild-log\.ansi\s*$/,
  },
  {
    name: 'showcase: 16 and 256 colors',
    about: 'SGR 30–37/90–97/40–47/100–107, all 256 palette colors as fg and bg (38;5 / 48;5, including 0–15)',
    cols: 80,
    rows: 20,
    needs: [],
    command: showcase('colors'),
    ready: /-- end of colors --/,
    tmuxDiffers: {
      paletteKind: 'tmux sends palette colors 0–15 as SGR 30–37/90–97 even when the program used 38;5;N',
    },
  },
  {
    name: 'showcase: true color',
    about: '38;2 and 48;2 gradients, the colon form, true color next to palette colors',
    cols: 80,
    rows: 12,
    needs: [],
    command: showcase('truecolor'),
    ready: /-- end of truecolor --/,
  },
  {
    name: 'showcase: attributes',
    about: 'bold, dim, italic, underline, blink, inverse, invisible, strikethrough, overline, alone, combined and reset one by one; the cursor hidden at the end',
    cols: 80,
    rows: 12,
    needs: [],
    command: showcase('attributes'),
    ready: /-- end of attributes --/,
  },
  {
    name: 'showcase: underline styles and colors',
    about: 'SGR 4:0–4:5 and 21 (double), underline color 58;5 / 58;2 and its reset 59',
    cols: 80,
    rows: 6,
    needs: [],
    command: showcase('underlines'),
    ready: /-- end of underlines --/,
    tmuxDiffers: {
      underlineColor: "tmux 3.3 sends SGR 58 as '58:2:R:G:B' (no color-space slot), which xterm.js reads as color space R and draws #000000-based colors",
    },
  },
  {
    name: 'showcase: unicode',
    about: 'CJK, emoji (including Unicode 11 ones), combining marks, ZWJ and VS16 sequences, wide characters at the right edge',
    cols: 60,
    rows: 14,
    needs: [],
    command: showcase('unicode'),
    ready: /-- end of unicode --/,
  },
  {
    name: 'showcase: ZWJ emoji sequences',
    about: 'emoji joined with U+200D (family, profession, flag): xterm draws every emoji of the sequence',
    cols: 40,
    rows: 6,
    needs: [],
    command: showcase('zwj'),
    ready: /-- end of zwj --/,
    tmuxDiffers: {
      chars: 'tmux 3.3 joins a ZWJ sequence into one 2-cell character and writes it whole; xterm.js (the outer terminal) gives each emoji its own cells, so the rest of the row shifts',
      width: 'the same ZWJ joining as for chars',
    },
  },
  {
    name: 'showcase: emoji sequences',
    about: 'skin-tone modifiers (also after text), flags (an odd run, in color, touching text), VS16 presentation selectors, keycaps',
    cols: 40,
    rows: 10,
    needs: [],
    command: showcase('sequences'),
    ready: /-- end of sequences --/,
  },
  {
    name: 'showcase: cursor addressing and erase edge cases',
    about: 'a pending wrap, autowrap off, tabs, EL/ECH/ICH/DCH with a background color, cursor save/restore, a blinking underline cursor',
    cols: 50,
    rows: 18,
    needs: [],
    command: showcase('edges'),
    ready: /-- end of edges --/,
  },
  {
    name: 'showcase: alternate screen round trip',
    about: 'text on the main screen survives a full-screen drawing on the alternate screen (1049), and the cursor comes back',
    cols: 60,
    rows: 10,
    needs: [],
    command: showcase('altscreen'),
    ready: /-- end of altscreen --/,
  },
  {
    name: 'showcase: cursor with a wrap pending',
    about: 'the program stops right after writing the last cell of a row: the cursor is shown in the last column',
    cols: 40,
    rows: 6,
    needs: [],
    command: showcase('pending-wrap'),
    ready: /-- end of pending-wrap --[\s\S]*#{40}/,
  },
  {
    name: 'git log --graph --color',
    about: "git's graph lines in colors, decorations (branches, tags, HEAD), a merge, scrolled output",
    cols: 100,
    rows: 30,
    needs: ['git'],
    env: { TZ: 'UTC', GIT_CONFIG_NOSYSTEM: '1' },
    prepare: (ctx) => makeGitRepo(path.join(ctx.workDir, 'repo')),
    cwd: (ctx) => path.join(ctx.workDir, 'repo'),
    command: () => ['git', '--no-pager', 'log', '--graph', '--color', '--decorate', '--all', '--date=iso'],
    ready: /Initial commit/,
  },
  {
    name: 'replay: agent-like TUI redraw',
    about: 'alternate screen, synchronized frames, a scroll region, spinner via cursor save/restore, IL/DL/RI, EL/EL1 with BCE, a bar cursor in an input box',
    cols: 100,
    rows: 30,
    needs: [],
    command: () => ['cat', fixture('agent-tui-100x30.stream')],
    ready: /ready> now make the divider/,
  },
  {
    name: 'replay: recorded claude session',
    about: `claude ${AGENT_VERSIONS.claude} (start → make marker 1 → permission dialog → allow → Done. → idle), its raw output: alternate screen, relative cursor moves (CUD/CUF/CHA), EL, true-color text and backgrounds, a block-character logo, an inverse-video input cursor with the real one hidden, mouse/focus/paste modes and queries (XTVERSION, kitty keyboard, DA1)`,
    cols: 100,
    rows: 30,
    needs: [],
    command: () => ['cat', fixture('claude-session-100x30.stream')],
    ready: /● Done\.[\s\S]*\n❯\s[\s\S]*manual mode on · \? for shortcuts/,
  },
  {
    name: 'replay: recorded codex session',
    about: `codex ${AGENT_VERSIONS.codex} (the same session), its raw output: a warning on the main screen, then the alternate screen redrawn in synchronized frames by absolute moves and EL, dim and colored SGR runs, the cursor shown in the composer (after DECSCUSR 0), kitty keyboard push, DSR/DA1/OSC 10/11 queries`,
    cols: 100,
    rows: 30,
    needs: [],
    command: () => ['cat', fixture('codex-session-100x30.stream')],
    ready: /• Done\.[\s\S]*› Ask Codex to do anything/,
    tmuxDiffers: {
      paletteKind: 'codex colors its ✔ and • with 38;5;2, which tmux sends on as SGR 32',
    },
  },
  {
    name: 'replay: recorded gemini session',
    about: `gemini ${AGENT_VERSIONS.gemini} (the same session), its raw output: the main screen redrawn by Ink (EL and CUU over the previous frame), text scrolled off the top, rounded box drawing, half-block input borders, a hidden cursor`,
    cols: 100,
    rows: 30,
    needs: [],
    command: () => ['cat', fixture('gemini-session-100x30.stream')],
    ready: /✦ Done\.[\s\S]* > {3}Type your message or @path\/to\/file/,
  },
  {
    name: 'replay: recorded opencode session',
    about: `opencode ${AGENT_VERSIONS.opencode} (the same session), its raw output: capability probes (OSC 66 text sizing, DECRQM, XTGETTCAP, kitty graphics and keyboard), the alternate screen filled cell by cell in true color in synchronized frames, half-block borders, a blinking block cursor (DECSCUSR 1) in the prompt`,
    cols: 100,
    rows: 30,
    needs: [],
    command: () => ['cat', fixture('opencode-session-100x30.stream')],
    ready: /Done\.[\s\S]*▣ {2}Build · Fake model · [\d.]+s[\s\S]*ctrl\+p commands/,
  },
  {
    name: 'replay: scroll regions and rare screen operations',
    about: 'DECALN, margins with LF/SU/SD/RI, origin mode, DEC line drawing, REP, insert mode, tab stops, ED with a background color',
    cols: 72,
    rows: 20,
    needs: [],
    command: () => ['cat', fixture('scroll-regions-72x20.stream')],
    ready: /scroll-regions done/,
  },
];

/** Where a program is on PATH, if anywhere (for skipping a case with a clear message). */
export function findProgram(name: string, envPath = process.env.PATH ?? ''): string | undefined {
  return envPath
    .split(':')
    .filter((dir) => dir !== '')
    .map((dir) => path.join(dir, name))
    .find((file) => fs.existsSync(file));
}

/** A small repository with fixed authors and dates, so every hash and line is the same on every run. */
async function makeGitRepo(dir: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  let clock = Date.UTC(2024, 0, 15, 9, 0, 0) / 1000;
  const git = (args: string[], author = 'Ada Lovelace <ada@example.com>') => {
    clock += 3600;
    const [name, email] = author.replace('>', '').split(' <');
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dir,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: name,
      GIT_AUTHOR_EMAIL: email,
      GIT_COMMITTER_NAME: name,
      GIT_COMMITTER_EMAIL: email,
      GIT_AUTHOR_DATE: `@${clock} +0000`,
      GIT_COMMITTER_DATE: `@${clock} +0000`,
    };
    return new Promise<void>((resolve, reject) => {
      execFile('git', args, { cwd: dir, env }, (error, _stdout, stderr) => (error ? reject(new Error(`git ${args.join(' ')}: ${stderr}`)) : resolve()));
    });
  };
  const write = (file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);
  await git(['init', '-q', '-b', 'main']);
  write('README.md', '# demo\n');
  await git(['add', '.']);
  await git(['commit', '-q', '-m', 'Initial commit']);
  write('layout.ts', 'export const split = (w: number) => [w / 2, w / 2];\n');
  await git(['add', '.']);
  await git(['commit', '-q', '-m', 'Add layout']);
  await git(['tag', '-a', 'v0.1', '-m', 'first release']);
  await git(['checkout', '-q', '-b', 'feature/dividers']);
  write('layout.ts', 'export const split = (w: number) => [Math.floor(w / 2), w - Math.floor(w / 2)];\n');
  await git(['commit', '-q', '-am', 'Split panes on whole cells'], 'Alan Turing <alan@example.com>');
  write('divider.ts', 'export const DIVIDER = 1;\n');
  await git(['add', '.']);
  await git(['commit', '-q', '-m', 'Give the divider exactly one cell'], 'Alan Turing <alan@example.com>');
  await git(['checkout', '-q', 'main']);
  write('README.md', '# demo\n\nA mosaic of panes.\n');
  await git(['commit', '-q', '-am', 'Describe the project']);
  await git(['merge', '-q', '--no-ff', '-m', "Merge branch 'feature/dividers'", 'feature/dividers']);
  await git(['checkout', '-q', '-b', 'hotfix']);
  write('divider.ts', 'export const DIVIDER = 1; // one cell\n');
  await git(['commit', '-q', '-am', 'Comment the divider width'], 'Grace Hopper <grace@example.com>');
  await git(['checkout', '-q', 'main']);
}
