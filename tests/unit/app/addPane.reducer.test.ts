// The "add a pane" dialog's keys: search, moving, choosing model / effort / shell, launching and closing.

import { describe, expect, it } from 'vitest';
import type { AddPaneKey } from '../../../src/app/addPane/keymap.js';
import type { AddPaneRow, AddPaneState } from '../../../src/app/addPane/model.js';
import { focusedRow, initialAddPaneState, pasteIntoSearch, reduceAddPane, visibleRows } from '../../../src/app/addPane/reducer.js';

const claude: AddPaneRow = { kind: 'agent', agent: 'claude', label: 'Claude Code', installed: true, installHint: 'npm install -g @anthropic-ai/claude-code', models: ['opus', 'sonnet'] };
const codex: AddPaneRow = { kind: 'agent', agent: 'codex', label: 'Codex', installed: false, installHint: 'npm install -g @openai/codex', models: ['gpt-5'] };
const opencode: AddPaneRow = { kind: 'agent', agent: 'opencode', label: 'OpenCode', installed: true, installHint: 'npm install -g opencode-ai', models: [] };
const gemini: AddPaneRow = { kind: 'agent', agent: 'gemini', label: 'Gemini', installed: true, installHint: 'npm install -g @google/gemini-cli', models: ['gemini-2.5-pro'] };
const reviewer: AddPaneRow = { kind: 'agent', agent: 'reviewbot', label: 'Reviewer', installed: true, installHint: '', models: [] };
const terminal: AddPaneRow = {
  kind: 'terminal',
  label: 'Terminal',
  profiles: [
    { id: 'bash', label: 'bash', available: true },
    { id: 'zsh', label: 'zsh', available: false },
    { id: 'fish', label: 'fish', available: true },
  ],
};
const ROWS = [claude, codex, opencode, gemini, reviewer, terminal];

const key = (name: string, extra: Partial<AddPaneKey> = {}): AddPaneKey => ({ name, ctrl: false, alt: false, shift: false, ...extra });
const ctrl = (name: string): AddPaneKey => key(name, { ctrl: true });
/** Keys as the decoder makes them for typed text: capitals are the lowercase name with Shift. */
const typed = (text: string): AddPaneKey[] =>
  [...text].map((ch) => (ch === ' ' ? key('space', { char: ' ' }) : key(ch.toLowerCase(), { char: ch, shift: ch !== ch.toLowerCase() })));
const press = (state: AddPaneState, ...keys: AddPaneKey[]): AddPaneState => keys.reduce((s, k) => reduceAddPane(s, k).state, state);
const labels = (state: AddPaneState): string[] => visibleRows(state).map((r) => r.label);
const focusedLabel = (state: AddPaneState): string | undefined => focusedRow(state)?.row.label;
const start = (rows: AddPaneRow[] = ROWS): AddPaneState => initialAddPaneState(rows);

describe('add pane dialog: search', () => {
  it('shows every row until something is typed, then the rows whose name contains it, ignoring case', () => {
    expect(labels(start())).toEqual(['Claude Code', 'Codex', 'OpenCode', 'Gemini', 'Reviewer', 'Terminal']);
    const s = press(start(), ...typed('CO'));
    expect(s.search).toBe('CO');
    expect(labels(s)).toEqual(['Claude Code', 'Codex', 'OpenCode']);
    expect(labels(press(start(), ...typed('term')))).toEqual(['Terminal']);
  });

  it('matches an agent by its id as well as its label', () => {
    expect(labels(press(start(), ...typed('reviewbot')))).toEqual(['Reviewer']);
  });

  it('keeps the focus on its row while it still matches, else moves it to the first match', () => {
    const onOpenCode = press(start(), key('down'), key('down'));
    expect(focusedLabel(onOpenCode)).toBe('OpenCode');
    expect(focusedLabel(press(onOpenCode, ...typed('code')))).toBe('OpenCode');
    expect(focusedLabel(press(onOpenCode, ...typed('gem')))).toBe('Gemini');
  });

  it('deletes the last character with Backspace (or C-h), a whole emoji at once, and everything with C-u', () => {
    const s = press(start(), ...typed('gem'));
    expect(press(s, key('backspace')).search).toBe('ge');
    expect(press(s, ctrl('h')).search).toBe('ge');
    expect(press(s, ctrl('u')).search).toBe('');
    expect(pressPaste(' 👩‍💻').search).toBe('gem 👩‍💻');
    expect(press(pressPaste(' 👩‍💻'), key('backspace')).search).toBe('gem ');
    expect(press(start(), key('backspace')).search).toBe('');

    function pressPaste(text: string): AddPaneState {
      return pasteIntoSearch(s, text).state;
    }
  });

  it('types spaces and punctuation but not Ctrl or Alt combinations', () => {
    expect(press(start(), ...typed('a b-c')).search).toBe('a b-c');
    expect(press(start(), key('x', { alt: true })).search).toBe('');
    expect(press(start(), ctrl('x')).search).toBe('');
  });

  it('puts pasted text into the search on one line', () => {
    expect(pasteIntoSearch(start(), 'co\ndex').state.search).toBe('co dex');
  });

  it('ignores key releases', () => {
    const s = start();
    expect(reduceAddPane(s, key('a', { char: 'a', event: 'release' })).state).toBe(s);
  });
});

describe('add pane dialog: moving', () => {
  it('starts on the first row that can be launched', () => {
    expect(focusedLabel(start())).toBe('Claude Code');
    expect(focusedLabel(start([codex, gemini, terminal]))).toBe('Gemini');
    expect(focusedLabel(start([codex]))).toBe('Codex');
  });

  it('moves through every visible row, not-installed ones included, and stops at both ends', () => {
    const seen: Array<string | undefined> = [];
    let s = start();
    for (let i = 0; i < 7; i++) {
      seen.push(focusedLabel(s));
      s = press(s, key('down'));
    }
    expect(seen).toEqual(['Claude Code', 'Codex', 'OpenCode', 'Gemini', 'Reviewer', 'Terminal', 'Terminal']);
    expect(focusedLabel(press(start(), key('up')))).toBe('Claude Code');
  });

  it('moves among the matching rows only, with C-n and C-p too', () => {
    const s = press(start(), ...typed('co'));
    expect(focusedLabel(press(s, ctrl('n')))).toBe('Codex');
    expect(focusedLabel(press(s, ctrl('n'), ctrl('n'), ctrl('n')))).toBe('OpenCode');
    expect(focusedLabel(press(s, ctrl('n'), ctrl('n'), ctrl('p')))).toBe('Codex');
  });

  it('hands back the same state when a key changes nothing, so nothing is redrawn', () => {
    const s = start();
    expect(reduceAddPane(s, key('up')).state).toBe(s);
    expect(reduceAddPane(s, key('f5')).state).toBe(s);
    const nothingMatches = press(s, ...typed('zzz'));
    expect(reduceAddPane(nothingMatches, key('down')).state).toBe(nothingMatches);
    expect(reduceAddPane(nothingMatches, key('right')).state).toBe(nothingMatches);
  });
});

describe('add pane dialog: choices', () => {
  const launchOf = (state: AddPaneState) => reduceAddPane(state, key('enter')).outcome;

  it('cycles the model with Right through default and the agent\'s models, and back with Left', () => {
    expect(launchOf(press(start(), key('right')))).toEqual({ launch: { kind: 'agent', agent: 'claude', model: 'opus', side: 'right' } });
    expect(launchOf(press(start(), key('right'), key('right')))).toMatchObject({ launch: { model: 'sonnet' } });
    expect(launchOf(press(start(), key('right'), key('right'), key('right')))).toEqual({ launch: { kind: 'agent', agent: 'claude', side: 'right' } });
    expect(launchOf(press(start(), key('left')))).toMatchObject({ launch: { model: 'sonnet' } });
  });

  it('leaves an agent without models on its default model', () => {
    const s = press(start(), ...typed('opencode'));
    expect(reduceAddPane(s, key('right')).state).toBe(s);
  });

  it('cycles effort with Tab (Shift+Tab goes back) and passes no effort for default', () => {
    const efforts = [1, 2, 3, 4].map((n) => launchOf(press(start(), ...Array.from({ length: n }, () => key('tab')))));
    expect(efforts.map((o) => (o && 'launch' in o && o.launch.kind === 'agent' ? o.launch.effort : 'none'))).toEqual(['low', 'medium', 'high', undefined]);
    expect(launchOf(press(start(), key('tab', { shift: true })))).toMatchObject({ launch: { effort: 'high' } });
  });

  it('remembers each row\'s choices while the focus moves away and back', () => {
    const s = press(start(), key('right'), key('tab'), key('down'), key('down'), key('down'), key('right'), key('up'), key('up'), key('up'));
    expect(launchOf(s)).toEqual({ launch: { kind: 'agent', agent: 'claude', model: 'opus', effort: 'low', side: 'right' } });
    expect(launchOf(press(s, ...typed('gem')))).toEqual({ launch: { kind: 'agent', agent: 'gemini', model: 'gemini-2.5-pro', side: 'right' } });
  });

  it('cycles the terminal\'s shell from the default shell, skipping unavailable ones both ways', () => {
    const onTerminal = press(start(), ...typed('term'));
    const shellAfter = (...keys: AddPaneKey[]) => {
      const outcome = launchOf(press(onTerminal, ...keys));
      return outcome && 'launch' in outcome && outcome.launch.kind === 'terminal' ? outcome.launch.shellProfile : undefined;
    };
    expect(shellAfter()).toBe('default');
    expect(shellAfter(key('right'))).toBe('bash');
    expect(shellAfter(key('right'), key('right'))).toBe('fish');
    expect(shellAfter(key('right'), key('right'), key('right'))).toBe('default');
    expect(shellAfter(key('left'))).toBe('fish');
    expect(shellAfter(key('left'), key('left'))).toBe('bash');
    expect(reduceAddPane(onTerminal, key('tab')).state).toBe(onTerminal);
  });

  it('stays on the default shell when no profile is available', () => {
    const onlyZsh: AddPaneRow = { kind: 'terminal', label: 'Terminal', profiles: [{ id: 'zsh', label: 'zsh', available: false }] };
    const s = start([onlyZsh]);
    expect(reduceAddPane(s, key('right')).state).toBe(s);
    expect(launchOf(s)).toEqual({ launch: { kind: 'terminal', shellProfile: 'default', side: 'right' } });
  });

  it('uses a "default" profile the caller lists instead of adding a second one', () => {
    const own: AddPaneRow = { kind: 'terminal', label: 'Terminal', profiles: [{ id: 'default', label: 'Login shell', available: true }, { id: 'nu', label: 'nu', available: true }] };
    const s = start([own]);
    expect(launchOf(press(s, key('right')))).toMatchObject({ launch: { shellProfile: 'nu' } });
    expect(launchOf(press(s, key('right'), key('right')))).toMatchObject({ launch: { shellProfile: 'default' } });
  });
});

describe('add pane dialog: launching and closing', () => {
  it('launches an installed agent with Enter, and only explains how to install one that is missing', () => {
    const s = start();
    expect(reduceAddPane(s, key('enter'))).toEqual({ state: s, outcome: { launch: { kind: 'agent', agent: 'claude', side: 'right' } } });
    const onCodex = press(s, key('down'));
    const step = reduceAddPane(onCodex, key('enter'));
    expect(step.state).toBe(onCodex);
    expect(step.outcome).toEqual({ message: 'Codex is not installed. Install it with: npm install -g @openai/codex' });
  });

  it('says so when Enter is pressed while nothing matches the search', () => {
    const s = press(start(), ...typed('zzz'));
    expect(visibleRows(s)).toEqual([]);
    expect(reduceAddPane(s, key('enter')).outcome).toEqual({ message: 'Nothing matches "zzz". Esc clears the search.' });
    expect(reduceAddPane(start([]), key('enter')).outcome).toBeUndefined();
  });

  it('clears the search with the first Esc and closes with the next; C-c closes at once', () => {
    const s = press(start(), ...typed('gem'));
    const first = reduceAddPane(s, key('escape'));
    expect(first.outcome).toBeUndefined();
    expect(first.state.search).toBe('');
    expect(labels(first.state)).toHaveLength(ROWS.length);
    expect(focusedLabel(first.state)).toBe('Gemini');
    expect(reduceAddPane(first.state, key('escape')).outcome).toEqual({ close: true });
    expect(reduceAddPane(s, ctrl('c')).outcome).toEqual({ close: true });
  });

  it('toggles where the pane goes with C-s, and the launch carries it', () => {
    const s = press(start(), ctrl('s'));
    expect(s.side).toBe('down');
    expect(reduceAddPane(s, key('enter')).outcome).toEqual({ launch: { kind: 'agent', agent: 'claude', side: 'down' } });
    expect(press(s, ctrl('s')).side).toBe('right');
    expect(press(s, ...typed('s')).side).toBe('down');
    expect(initialAddPaneState(ROWS, { side: 'down' }).side).toBe('down');
  });
});
