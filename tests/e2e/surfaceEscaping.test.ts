// Strings from outside through the real binary: a repository whose folder, branch, commit, file names
// and .tessera.json carry escape sequences (OSC 52, OSC 2, cursor moves, C1 CSI, bidi overrides), a
// history file and a pane title that do too. Each surface that shows them (trust, templates, ls,
// history, list-panes, explain, diff, rm, view's errors; the pane headers, the outer title, the status
// bar, the new-workspace dialog, the file picker, the viewer, the confirm-end dialog) must show them
// as marks, and the bytes that reach the terminal must carry none of them.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GIT_ENV } from '../helpers/gitRepo.js';
import { PROMPT_PATTERN, TesseraSandbox, eventually, type OuterTerminal } from '../helpers/outerTerminal.js';

const PREFIX = '\x1c';
/** Some 30 commands and screens in a row: on a loaded 2-core machine that takes well over a minute. */
const SLOW_MS = 180_000;
const DOWN = '\x1b[B';
const LEFT = '\x1b[D';
const RIGHT = '\x1b[C';

/** OSC 52: "PWNED" into the user's clipboard. */
const CLIPBOARD = '\x1b]52;c;UFdORUQ=\x07';
/** OSC 2 ended by ST: the window title. */
const TITLE = '\x1b]2;PWNED\x1b\\';
/** Up a line, erase it, back to its start: what makes a fake line replace the real one. */
const REDRAW = '\x1b[1A\x1b[2K\x1b[1G';
/** CSI as one C1 character (U+009B): erase the screen. */
const C1_ERASE = '\u009b2J';
/** Right-to-left override: reorders what follows on terminals that do bidi. */
const BIDI = '\u202e';

/** How each shows once made visible. */
const SHOWN = {
  clipboard: '^[]52;c;UFdORUQ=^G',
  title: '^[]2;PWNED^[\\',
  redraw: '^[[1A^[[2K^[[1G',
  c1: '<U+009B>2J',
  bidi: '<U+202E>',
};

const FOLDER = `p${CLIPBOARD}${C1_ERASE}${BIDI}q`;
const FOLDER_SHOWN = `p${SHOWN.clipboard}${SHOWN.c1}${SHOWN.bidi}q`;
const BRANCH = `feat${C1_ERASE}${BIDI}x`;
const BRANCH_SHOWN = `feat${SHOWN.c1}${SHOWN.bidi}x`;
const SUBJECT = `first ${TITLE}${REDRAW}`;
const SUBJECT_SHOWN = `first ${SHOWN.title}${SHOWN.redraw}`;
const FILE = `n${CLIPBOARD}${C1_ERASE}x.txt`;
const FILE_SHOWN = `n${SHOWN.clipboard}${SHOWN.c1}x.txt`;
const DESCRIPTION = `desc ${CLIPBOARD}${TITLE}${BIDI}`;
const DESCRIPTION_SHOWN = `desc ${SHOWN.clipboard}${SHOWN.title}${SHOWN.bidi}`;
/** A command that, printed raw, would replace its own line with an innocent one. */
const COMMAND = `${REDRAW}  setupCommand: npm ci\rexec cat\b\b\b`;
const COMMAND_SHOWN = `${SHOWN.redraw}  setupCommand: npm ci^Mexec cat^H^H^H`;

/** Every control character and bidi control; tab and line feed are the CLI's own. */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

function expectNoControls(output: string, what: string): void {
  const at = output.search(CONTROL);
  expect(at, `${what} printed a control character at ${at}: ${JSON.stringify(output.slice(Math.max(0, at - 30), at + 30))}`).toBe(-1);
}

/**
 * The raw bytes an attached terminal got carry none of the hostile sequences: no clipboard write or
 * title of theirs, no C1 or bidi character, no cursor move of the command (tessera's own frames use
 * other sequences).
 */
function expectNothingReached(t: OuterTerminal): void {
  const raw = t.output;
  expect(raw).not.toContain('\x1b]52;');
  expect(raw).not.toContain('\x1b]2;PWNED');
  expect(raw).not.toContain(REDRAW);
  expect(raw).not.toMatch(/[\x80-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
}

let sandbox: TesseraSandbox;

afterEach(async () => {
  await sandbox.cleanup();
});

/**
 * A repository in a folder named with escapes: on a branch named with them, one commit whose subject
 * has them, an untracked file whose name and contents have them, and a .tessera.json whose template
 * description and command have them. git prints paths unquoted (core.quotePath false), as many users set it.
 */
function hostileRepository(s: TesseraSandbox): string {
  fs.writeFileSync(path.join(s.env.HOME, '.gitconfig'), '[core]\n\tquotePath = false\n');
  const folder = path.join(fs.realpathSync(s.root), FOLDER);
  const env = { ...process.env, ...GIT_ENV, HOME: s.env.HOME };
  execFileSync('git', ['init', '-q', '-b', BRANCH, folder], { env });
  fs.writeFileSync(path.join(folder, 'a.txt'), 'one\n');
  execFileSync('git', ['-C', folder, 'add', 'a.txt'], { env });
  execFileSync('git', ['-C', folder, 'commit', '-q', '-m', SUBJECT], { env });
  fs.writeFileSync(path.join(folder, FILE), `line ${CLIPBOARD}${REDRAW}\n`);
  const project = { templates: [{ name: 'evil', description: DESCRIPTION, panes: [{ command: ['sh', '-c', COMMAND] }] }], setupCommand: `echo ${C1_ERASE}` };
  fs.writeFileSync(path.join(folder, '.tessera.json'), JSON.stringify(project));
  return folder;
}

/** A history file as a server left it, with an entry whose command and folder carry escapes. */
function plantHistory(s: TesseraSandbox, folder: string): void {
  const dir = path.join(s.env.TESSERA_STATE_DIR, 'servers', s.socketName);
  fs.mkdirSync(dir, { recursive: true });
  const entry = { id: 'h1', workspace: 'a', paneKind: 'command', command: `sh -c '${TITLE}${CLIPBOARD}'`, cwd: folder, start: new Date().toISOString(), durationMs: 12_000, outcome: 'done', exitStatus: 0 };
  fs.writeFileSync(path.join(dir, 'history.json'), JSON.stringify({ version: 1, next: 2, entries: [entry] }));
}

/** A stand-in agent CLI that sends a notification carrying a bidi override, then waits. */
function fakeClaude(s: TesseraSandbox): string {
  const bin = path.join(s.root, 'bin');
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, 'claude'), `#!/bin/sh\nprintf 'claude> \\033]9;done \\342\\200\\256 evil\\007'\nexec cat\n`, { mode: 0o755 });
  return bin;
}

describe('strings from outside on the command line', () => {
  it('trust, templates, ls, history, list-panes, explain, diff, rm and view print them as marks, and --json as exact data', async () => {
    sandbox = new TesseraSandbox();
    const bin = fakeClaude(sandbox);
    const folder = hostileRepository(sandbox);
    plantHistory(sandbox, folder);
    const folderShown = path.join(fs.realpathSync(sandbox.root), FOLDER_SHOWN);
    const env = { PATH: `${bin}:${sandbox.env.PATH}` };

    const made = await sandbox.cli(['new', '-d', '-s', 'a', '-c', folder, '--template', 'evil'], { env });
    expect(made.code).toBe(0);
    expectNoControls(made.stderr, 'new');
    expect(made.stderr).toContain(`${folderShown}/.tessera.json is not approved yet`);

    // A workspace name cannot hold them at all: refused, the refusal quoting it as a JSON string.
    const named = await sandbox.cli(['new', '-d', '-s', `w${CLIPBOARD}${C1_ERASE}`, '-c', folder]);
    expect(named.code).toBe(1);
    expectNoControls(named.stderr, 'new -s');
    expect(named.stderr).toContain(`invalid workspace name "w\\u001b]52;c;UFdORUQ=\\u0007${SHOWN.c1}"`);

    const templates = await sandbox.cli(['templates'], { cwd: folder });
    expectNoControls(templates.stdout + templates.stderr, 'templates');
    expect(templates.stdout).toContain(`evil          ${DESCRIPTION_SHOWN}: sh -c '${COMMAND_SHOWN}' (project)`);
    const templatesJson = await sandbox.cli(['templates', '--json'], { cwd: folder });
    expectNoControls(templatesJson.stdout, 'templates --json');
    const evil = (JSON.parse(templatesJson.stdout) as { name: string; description: string; panes: string[] }[]).find((t) => t.name === 'evil');
    expect(evil?.description).toBe(DESCRIPTION);

    const trust = await sandbox.cli(['trust', '-t', 'a']);
    expectNoControls(trust.stdout + trust.stderr, 'trust');
    const lines = trust.stdout.split('\n');
    expect(lines[0]).toContain(`${folderShown}/.tessera.json (sha256 `);
    expect(lines).toContain(`  setupCommand: echo ${SHOWN.c1}`);
    expect(lines).toContain(`  template evil: sh -c '${COMMAND_SHOWN}'`);
    // The command's fake line stays inside its own: no line of the output starts with it.
    expect(lines.filter((l) => l.startsWith('  setupCommand: npm ci'))).toEqual([]);
    // Asked in a terminal: what it shows before the question is what the file holds, nothing redrawn.
    const asking = sandbox.open(['trust', '-t', 'a'], { cols: 200, rows: 30 });
    await asking.waitFor('Approve it and run these commands? [y/N]');
    expect(asking.text()).toContain(`  template evil: sh -c '${COMMAND_SHOWN}'`);
    expectNothingReached(asking);
    asking.write('n\r');
    expect(await asking.exited).toBe(1);

    const ls = await sandbox.cli(['ls']);
    expectNoControls(ls.stdout + ls.stderr, 'ls');
    expect(ls.stdout).toContain(` ${BRANCH_SHOWN} `);
    expect(ls.stdout).toContain(folderShown);
    const lsJson = await sandbox.cli(['ls', '--json']);
    expectNoControls(lsJson.stdout, 'ls --json');
    expect((JSON.parse(lsJson.stdout) as { branch: string; path: string }[])[0]).toMatchObject({ branch: BRANCH, path: folder });

    const history = await sandbox.cli(['history']);
    expectNoControls(history.stdout + history.stderr, 'history');
    expect(history.stdout).toContain(`sh -c '${SHOWN.title}${SHOWN.clipboard}'  (${folderShown})`);
    const historyJson = await sandbox.cli(['history', '--json']);
    expectNoControls(historyJson.stdout, 'history --json');
    expect((JSON.parse(historyJson.stdout) as { cwd: string }[])[0].cwd).toBe(folder);

    // A title set by the program (OSC 2; the emulator keeps only its printable and bidi characters).
    const [shell] = await sandbox.listPanes();
    await sandbox.cliOk(['send-keys', '-t', String(shell.id), "printf '\\033]2;T\\342\\200\\256X\\007'", 'Enter']);
    await eventually(() => sandbox.listPanes(), (panes) => panes[0].title === `T${BIDI}X`);
    const listPanes = await sandbox.cli(['list-panes']);
    expectNoControls(listPanes.stdout, 'list-panes');
    expect(listPanes.stdout).toContain(` T${SHOWN.bidi}X\n`);
    expectNoControls(await sandbox.cliOk(['list-panes', '--json']), 'list-panes --json');

    // An agent's notification (OSC 9), as explain reports it.
    const agent = (await sandbox.cliOk(['new-pane', '-t', 'a', '--agent', 'claude'], { env })).trim();
    const explained = await eventually(
      () => sandbox.cli(['explain', agent]),
      (r) => r.stdout.includes('last notification'),
    );
    expectNoControls(explained.stdout, 'explain');
    expect(explained.stdout).toContain(`last notification: done ${SHOWN.bidi} evil`);
    expectNoControls(await sandbox.cliOk(['explain', agent, '--json']), 'explain --json');

    const diff = await sandbox.cli(['diff', '-t', 'a']);
    expect(diff.code).toBe(0);
    expectNoControls(diff.stdout, 'diff');
    // git quotes a name with C0 controls itself; the C1 character it leaves (quotePath false) is a mark.
    expect(diff.stdout).toContain(`+++ "b/n\\033]52;c;UFdORUQ=\\a${SHOWN.c1}x.txt"`);
    expect(diff.stdout).toContain(`+line ${SHOWN.clipboard}${SHOWN.redraw}`);
    expectNoControls(await sandbox.cliOk(['diff', '-t', 'a', '--stat']), 'diff --stat');

    const rm = await sandbox.cli(['rm', '-t', 'a']);
    expectNoControls(rm.stdout + rm.stderr, 'rm');
    expect(rm.stdout).toContain(`${BRANCH_SHOWN}: ${SUBJECT_SHOWN}`);

    const view = await sandbox.cli(['view', '-t', String(shell.id), `missing${CLIPBOARD}${C1_ERASE}.txt`], { cwd: folder });
    expect(view.code).toBe(1);
    expectNoControls(view.stderr, 'view');
    expect(view.stderr).toContain(`missing${SHOWN.clipboard}${SHOWN.c1}.txt`);
  }, SLOW_MS);
});

describe('strings from outside in the chrome', () => {
  it('headers, the outer title, the status bar, the new-workspace dialog, the file picker, the viewer and the confirm-end dialog show them as marks', async () => {
    sandbox = new TesseraSandbox();
    const folder = hostileRepository(sandbox);
    const folderShown = path.join(fs.realpathSync(sandbox.root), FOLDER_SHOWN);
    await sandbox.cliOk(['new', '-d', '-s', 'a', '-c', folder]);
    const t = sandbox.open(['new', '-s', 'b', '-c', folder, '--template', 'evil'], { cols: 200, rows: 40 });

    // The status bar names the project file, in the folder named with escapes.
    await t.waitFor(`${FOLDER_SHOWN}/.tessera.json is not approved yet`);
    await t.waitFor(PROMPT_PATTERN);
    // The shell pane's header: its command and folder.
    await t.waitFor(`bash ${folderShown}`);

    // A title the program sets reaches the header and the outer terminal's title as marks.
    t.write("printf '\\033]2;T\\342\\200\\256X\\007'\r");
    await t.waitFor(`T${SHOWN.bidi}X`);
    await t.waitFor(() => t.output.includes(`\x1b]2;T${SHOWN.bidi}X\x07`));

    // The new-workspace dialog: the branch list and the project's template.
    t.write(`${PREFIX}N`);
    await t.waitFor('New workspace');
    await t.waitFor(/branch(es)?, default/);
    t.write(`${DOWN}${DOWN}${RIGHT}`);
    await t.waitFor(`${BRANCH_SHOWN} · checked out in /`);
    t.write(`${DOWN}${DOWN}${LEFT}`);
    await t.waitFor('‹evil›');
    await t.waitFor(DESCRIPTION_SHOWN);
    t.write('\x1b');
    await t.waitFor(() => !t.text().includes('New workspace'));

    // The file picker lists the file by its name with marks; 'tessera view' opens it in a viewer.
    t.write(`${PREFIX}f`);
    await t.waitFor('View a file');
    await t.waitFor(FILE_SHOWN);
    t.write('\x1b');
    await t.waitFor(() => !t.text().includes('View a file'));
    await sandbox.cliOk(['view', FILE], { cwd: folder });
    await t.waitFor(`line ${SHOWN.clipboard}${SHOWN.redraw}`);
    await t.waitFor(`${FILE_SHOWN}  1-1/1`);
    t.write('q');
    await eventually(() => sandbox.listPanes(), (panes) => panes.filter((p) => p.workspace === 'b').length === 1);

    // The confirmation of removing workspace a: its folder and its head (branch and commit subject).
    t.write(`${PREFIX}:`);
    await t.waitFor('Run an action');
    t.write('remove-workspace');
    await t.waitFor(/remove-workspace +remove a/);
    t.write('\r');
    await t.waitFor('Remove a workspace');
    t.write('a');
    await t.waitFor(() => t.lines().some((l) => /\ba {2}/.test(l) && !l.includes('Search')));
    t.write('\r');
    await t.waitFor('Remove workspace a?');
    // (the dialog cuts long lines: the start of each is enough)
    await t.waitFor(`${BRANCH_SHOWN}: first ${SHOWN.title}`);
    await t.waitFor(FOLDER_SHOWN);
    t.write('\x1b');
    await t.waitFor(() => !t.text().includes('Remove workspace a?'));

    await t.settle();
    expectNothingReached(t);
  }, SLOW_MS);
});
