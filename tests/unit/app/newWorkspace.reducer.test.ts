// The "new workspace" dialog's model: the name seeded until edited, live validation, busy branches that
// cannot be chosen, moving between fields, and what Enter asks the server to create.

import { describe, expect, it } from 'vitest';
import { fieldsOf, nameProblem } from '../../../src/app/newWorkspace/fields.js';
import type { DialogKey } from '../../../src/app/newWorkspace/keys.js';
import { dialogLines, linesThatFit } from '../../../src/app/newWorkspace/lines.js';
import type { NewWorkspaceDefaults, NewWorkspaceState } from '../../../src/app/newWorkspace/model.js';
import { createFailed, creating, initialNewWorkspaceState, pasteIntoDialog, reduceNewWorkspace, repoRead } from '../../../src/app/newWorkspace/reducer.js';
import { segmentsText } from '../../../src/app/dialog/segments.js';

const key = (name: string, extra: Partial<DialogKey> = {}): DialogKey => ({ name, ctrl: false, alt: false, shift: false, ...extra });
const ctrl = (name: string): DialogKey => key(name, { ctrl: true });
const typed = (text: string): DialogKey[] => [...text].map((ch) => (ch === ' ' ? key('space', { char: ' ' }) : key(ch.toLowerCase(), { char: ch, shift: ch !== ch.toLowerCase() })));
const press = (state: NewWorkspaceState, ...keys: DialogKey[]): NewWorkspaceState => keys.reduce((s, k) => reduceNewWorkspace(s, k).state, state);
const DOWN = key('down');
const UP = key('up');
const RIGHT = key('right');
const LEFT = key('left');
const ENTER = key('enter');

const DEFAULTS: NewWorkspaceDefaults = { kind: 'worktree', folder: '~/src/', repo: '~/src/app', taken: ['main', 'api'], branchPrefix: 'feat/' };
const BRANCHES = [{ name: 'feat/login' }, { name: 'main', holder: '~/src/app' }, { name: 'release-2' }, { name: 'feat/busy', holder: '~/w/app/busy' }];

const start = (defaults: Partial<NewWorkspaceDefaults> = {}): NewWorkspaceState => initialNewWorkspaceState({ ...DEFAULTS, ...defaults });
/** A worktree dialog whose repository has been read. */
const ready = (): NewWorkspaceState => repoRead(start(), '~/src/app', { branches: BRANCHES, defaultBranch: 'main' });
const focusOn = (state: NewWorkspaceState, field: NewWorkspaceState['focus']): NewWorkspaceState => ({ ...state, focus: field });
const text = (state: NewWorkspaceState): string => dialogLines(state, 74).map((l) => segmentsText(l.segments)).join('\n');

describe('new workspace dialog: fields', () => {
  it('starts on the name for a worktree, on the folder to adopt, on the URL to clone', () => {
    expect(start().focus).toBe('name');
    expect(start({ kind: 'adopt' }).focus).toBe('folder');
    expect(start({ kind: 'clone' }).focus).toBe('url');
  });

  it('shows the fields of the kind chosen, and ↑/↓ and Tab move through them, wrapping', () => {
    const s = ready();
    expect(fieldsOf(s)).toEqual(['kind', 'name', 'repo', 'branchMode', 'base', 'prompt', 'bypass']);
    expect(press(s, DOWN).focus).toBe('repo');
    expect(press(s, key('tab'), key('tab')).focus).toBe('branchMode');
    expect(press(s, key('tab', { shift: true })).focus).toBe('kind');
    expect(press(s, UP, UP).focus).toBe('bypass');
    const adopt = press(focusOn(s, 'kind'), RIGHT);
    expect(adopt.kind).toBe('adopt');
    expect(fieldsOf(adopt)).toEqual(['kind', 'name', 'folder', 'prompt', 'bypass']);
    const clone = press(adopt, RIGHT);
    expect(fieldsOf(clone)).toEqual(['kind', 'name', 'url', 'cloneBranch', 'prompt', 'bypass']);
    expect(press(clone, RIGHT).kind).toBe('worktree');
    expect(fieldsOf(press(focusOn(s, 'branchMode'), RIGHT))).toEqual(['kind', 'name', 'repo', 'branchMode', 'branch', 'prompt', 'bypass']);
  });

  it('offers templates only when there are some, "none" first', () => {
    const s = initialNewWorkspaceState({ ...DEFAULTS, templates: [{ name: 'pair' }, { name: 'solo' }] });
    expect(fieldsOf(s)).toContain('template');
    const t = focusOn(s, 'template');
    expect(press(t, RIGHT).templateIndex).toBe(0);
    expect(press(t, LEFT).templateIndex).toBe(1);
    expect(press(t, RIGHT, RIGHT, RIGHT).templateIndex).toBe(-1);
  });

  it('types into text fields only; Backspace, Ctrl+W and Ctrl+U edit; paste goes in on one line', () => {
    let s = press(focusOn(start({ kind: 'adopt' }), 'folder'), ...typed('api/web'));
    expect(s.text.folder).toBe('~/src/api/web');
    s = press(s, ctrl('w'));
    expect(s.text.folder).toBe('~/src/api/');
    s = press(s, key('backspace'));
    expect(s.text.folder).toBe('~/src/api');
    s = press(s, ctrl('u'));
    expect(s.text.folder).toBe('');
    expect(press(focusOn(s, 'kind'), ...typed('x')).kind).toBe('adopt');
    expect(pasteIntoDialog(s, 'a\nb\tc').state.text.folder).toBe('a b c');
    expect(pasteIntoDialog(focusOn(s, 'prompt'), 'fix it\nthen test').state.text.prompt).toBe('fix it\nthen test');
  });
});

describe('new workspace dialog: the name', () => {
  it('is seeded from the folder, the URL or the existing branch until the user types one', () => {
    const adopt = press(focusOn(start({ kind: 'adopt' }), 'folder'), ...typed('my app'));
    expect(adopt.text.name).toBe('my-app');
    const clone = press(start({ kind: 'clone' }), ...typed('https://github.com/you/tool.git'));
    expect(clone.text.name).toBe('tool');
    const existing = press(focusOn(ready(), 'branchMode'), RIGHT);
    expect(existing.branch).toBe('feat/login');
    expect(existing.text.name).toBe('login');
    expect(press(focusOn(existing, 'branch'), RIGHT).text.name).toBe('release-2');
  });

  it('stops following once edited; cleared, it is empty for a new name, and follows the folder again when that changes', () => {
    let s = press(focusOn(start({ kind: 'adopt' }), 'folder'), ...typed('one'));
    expect(s.text.name).toBe('one');
    s = press(focusOn(s, 'name'), key('backspace'), ...typed('X'));
    expect(s.text.name).toBe('onX');
    expect(s.nameEdited).toBe(true);
    s = press(focusOn(s, 'folder'), ...typed('-two'));
    expect(s.text.name).toBe('onX');
    s = press(focusOn(s, 'name'), ctrl('u'));
    expect(s.nameEdited).toBe(false);
    expect(s.text.name).toBe('');
    expect(press(s, ...typed('mine')).text.name).toBe('mine');
    expect(press(focusOn(s, 'folder'), key('backspace')).text.name).toBe('one-tw');
  });

  it('is checked as it is typed, with the store rule, and against the names taken', () => {
    expect(nameProblem(press(start(), ...typed('fix-login_2.0')))).toBeUndefined();
    expect(nameProblem(press(start(), ...typed('bad name')))).toMatch(/letters, digits, \. _ - only; at most 64; not starting with \. or -/);
    expect(nameProblem(press(start(), ...typed('-x')))).toMatch(/not starting with/);
    expect(nameProblem(press(start(), ...typed('.x')))).toMatch(/not starting with/);
    expect(nameProblem(press(start(), ...typed('a'.repeat(65))))).toMatch(/at most 64/);
    expect(nameProblem(press(start(), ...typed('a'.repeat(64))))).toBeUndefined();
    expect(nameProblem(press(start(), ...typed('api')))).toBe("a workspace named 'api' exists already");
    expect(text(press(start(), ...typed('bad name')))).toContain('name: letters, digits');
    expect(text(press(start(), ...typed('ok')))).toContain('new branch feat/ok');
  });
});

describe('new workspace dialog: branches', () => {
  it('lists branches a worktree holds, dimmed, with the folder that holds them, and never chooses them', () => {
    let s = press(focusOn(ready(), 'branchMode'), RIGHT, DOWN);
    expect(s.focus).toBe('branch');
    const chosen: string[] = [];
    for (let i = 0; i < 4; i++) {
      chosen.push(s.branch as string);
      s = press(s, RIGHT);
    }
    expect(chosen).toEqual(['feat/login', 'release-2', 'feat/login', 'release-2']);
    expect(s.branch).toBe('feat/login');
    expect(press(s, LEFT).branch).toBe('release-2');
    const shown = text(s);
    expect(shown).toContain('main · checked out in ~/src/app');
    expect(shown).toContain('feat/busy · checked out in ~/w/app/busy');
    const busyLine = dialogLines(s, 74).find((l) => segmentsText(l.segments).includes('feat/busy'));
    expect(busyLine?.segments.some((g) => g.tone === 'disabled' && g.text.includes('feat/busy'))).toBe(true);
  });

  it('refuses to create when every branch is held', () => {
    const s = repoRead(start(), '~/src/app', { branches: [{ name: 'main', holder: '~/src/app' }], defaultBranch: 'main' });
    const existing = press(focusOn(s, 'branchMode'), RIGHT);
    expect(existing.branch).toBeUndefined();
    const step = reduceNewWorkspace(press(existing, UP, UP, ...typed('x')), ENTER);
    expect(step.outcome).toBeUndefined();
    expect(step.state.error).toEqual({ field: 'branch', text: 'every branch is checked out in a worktree already; make a new one' });
    expect(step.state.focus).toBe('branch');
  });

  it('starts a new branch off the default branch; ←/→ picks another base', () => {
    const s = ready();
    expect(s.base).toBe('main');
    expect(press(focusOn(s, 'base'), RIGHT).base).toBe('release-2');
  });

  it("names origin's own branches origin/NAME as a base, and checks them out by their name", () => {
    const s = repoRead(start(), '~/src/app', { branches: [{ name: 'dev' }, { name: 'main', remoteOnly: true }], defaultBranch: 'main' });
    expect(s.base).toBe('origin/main');
    expect(press(focusOn(s, 'base'), RIGHT).base).toBe('dev');
    const existing = press(focusOn(s, 'branchMode'), RIGHT, DOWN, RIGHT);
    expect(existing.branch).toBe('main');
    expect(text(existing)).toContain('main · on origin only');
  });

  it('reads the repository again when its folder changes, and drops an answer for older text', () => {
    let s = press(focusOn(ready(), 'repo'), ...typed('2'));
    expect(s.repoInfo).toEqual({ status: 'reading', repo: '~/src/app2' });
    expect(repoRead(s, '~/src/app', { branches: BRANCHES })).toBe(s);
    s = repoRead(s, '~/src/app2', { message: '~/src/app2 is not in a git repository' });
    expect(text(s)).toContain('~/src/app2 is not in a git repository');
    const step = reduceNewWorkspace(press(focusOn(s, 'name'), ...typed('x')), ENTER);
    expect(step.outcome).toBeUndefined();
    expect(step.state.error?.field).toBe('repo');
  });
});

describe('new workspace dialog: create, errors, cancel', () => {
  it('Enter with a valid name asks for a worktree on a new branch off the base', () => {
    const step = reduceNewWorkspace(press(ready(), ...typed('fix-login')), ENTER);
    expect(step.outcome).toEqual({ create: { kind: 'worktree', name: 'fix-login', repo: '~/src/app', base: 'main', bypassPermissions: false } });
  });

  it('passes the existing branch, the clone URL and branch, the folder, the prompt and bypass', () => {
    const existing = press(focusOn(ready(), 'branchMode'), RIGHT);
    expect(reduceNewWorkspace(existing, ENTER).outcome).toEqual({ create: { kind: 'worktree', name: 'login', repo: '~/src/app', branch: 'feat/login', bypassPermissions: false } });
    let clone = press(start({ kind: 'clone' }), ...typed('git@host:me/tool.git'), DOWN, ...typed('dev'));
    clone = press(focusOn(clone, 'prompt'), ...typed('write tests'), DOWN, key('space', { char: ' ' }));
    expect(clone.bypass).toBe(true);
    expect(text(clone)).toContain('agents run tools and commands WITHOUT asking you');
    expect(reduceNewWorkspace(clone, ENTER).outcome).toEqual({
      create: { kind: 'clone', name: 'tool', url: 'git@host:me/tool.git', branch: 'dev', prompt: 'write tests', bypassPermissions: true },
    });
    const adopt = press(start({ kind: 'adopt' }), ...typed('notes'));
    expect(reduceNewWorkspace(adopt, ENTER).outcome).toEqual({ create: { kind: 'adopt', name: 'notes', folder: '~/src/notes', bypassPermissions: false } });
  });

  it('refuses an invalid name on Enter, inline, focusing it, and keeps every entry', () => {
    const s = press(ready(), ...typed('bad name'), DOWN);
    const step = reduceNewWorkspace(s, ENTER);
    expect(step.outcome).toBeUndefined();
    expect(step.state.focus).toBe('name');
    expect(step.state.error?.text).toMatch(/^name: letters, digits/);
    expect(step.state.text.name).toBe('bad name');
    expect(reduceNewWorkspace(start({ kind: 'clone' }), ENTER).state.error?.text).toBe('type a name');
    expect(reduceNewWorkspace(press(start({ kind: 'clone' }), ...typed('-x')), ENTER).state.error?.field).toBe('url');
  });

  it('while the server creates it: keys do nothing but Esc, which hides the dialog; a failure shows inline and keeps entries', () => {
    const s = creating(press(ready(), ...typed('fix')), 'making worktree fix… 2 s');
    expect(press(s, ...typed('abc'), ENTER)).toBe(s);
    expect(reduceNewWorkspace(s, key('escape')).outcome).toEqual({ hide: true });
    expect(text(s)).toContain('making worktree fix… 2 s');
    const failed = createFailed(s, "a workspace named 'fix' exists already");
    expect(failed.busy).toBeUndefined();
    expect(failed.focus).toBe('name');
    expect(failed.text.name).toBe('fix');
    expect(text(failed)).toContain("a workspace named 'fix' exists already");
    expect(press(failed, ...typed('2')).error).toBeUndefined();
  });

  it('Esc and Ctrl+C close without creating anything', () => {
    expect(reduceNewWorkspace(ready(), key('escape')).outcome).toEqual({ close: true });
    expect(reduceNewWorkspace(ready(), ctrl('c')).outcome).toEqual({ close: true });
  });

  it('every line fits the width exactly, however long the entries', () => {
    const s = press(focusOn(start({ kind: 'adopt' }), 'folder'), ...typed('x'.repeat(300)));
    for (const width of [20, 40, 74]) for (const line of dialogLines(s, width)) expect(segmentsText(line.segments).length).toBe(width);
  });
});

describe('new workspace dialog: a short screen', () => {
  it('keeps the problem line, the key hints and the focused field in view', () => {
    const s = reduceNewWorkspace(focusOn(press(ready(), ...typed('bad name')), 'bypass'), ENTER).state;
    expect(s.focus).toBe('name');
    const onBypass = focusOn(s, 'bypass');
    const fit = linesThatFit(dialogLines(onBypass, 74), 6).map((l) => segmentsText(l.segments));
    expect(fit).toHaveLength(6);
    expect(fit.at(-1)).toContain('Enter create');
    expect(fit.at(-2)).toContain('name: letters, digits');
    expect(fit.at(-3)).toContain('Bypass');
    const onName = linesThatFit(dialogLines(s, 74), 6).map((l) => segmentsText(l.segments));
    expect(onName[0]).toContain('New workspace');
    expect(onName.some((l) => l.includes('› Name'))).toBe(true);
    expect(linesThatFit(dialogLines(s, 74), 40)).toHaveLength(dialogLines(s, 74).length);
  });
});
