import { describe, expect, it } from 'vitest';
import { ACTIONS } from '../../../src/server/keys/actions.js';
import { buildKeymap, buildScrollKeymap, type Keymap, type NamedAction } from '../../../src/server/keys/keymap.js';
import { SCROLL_ACTIONS, scrollModeHint } from '../../../src/server/keys/scrollBindings.js';
import { keyIdentity } from '../../../src/term/keys/prefix.js';
import { InputDecoder } from '../../../src/term/keys/decode.js';

const override = (action: string, keys: string[], line = 1) => ({ action, keys, where: `config.json:${line}:1` });

function actionFor(keymap: Keymap<NamedAction>, bytes: string): string | undefined {
  const [token] = new InputDecoder().feed(bytes);
  return keymap.find(token)?.name;
}

function built(overrides: ReturnType<typeof override>[], prefix = 'C-\\') {
  const result = buildKeymap(overrides, prefix);
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe('keymap', () => {
  it('gives every action a unique name and the defaults no conflict', () => {
    expect(new Set(ACTIONS.map((a) => a.name)).size).toBe(ACTIONS.length);
    const ids = ACTIONS.flatMap((a) => a.keys.map((k) => keyIdentity(k)));
    expect(ids.every((id) => id !== undefined)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(built([]).problems).toEqual([]);
  });

  it('finds the default actions, in every encoding of a key', () => {
    const { keymap } = built([]);
    expect(actionFor(keymap, '%')).toBe('split-right');
    expect(actionFor(keymap, '\x1b[D')).toBe('focus-left');
    expect(actionFor(keymap, '\x1b[1;2D')).toBe('resize-left');
    expect(actionFor(keymap, 'H')).toBe('resize-left');
    expect(actionFor(keymap, 'h')).toBe('focus-left');
    expect(actionFor(keymap, '\x1b[104;3u')).toBeUndefined(); // Alt+h (kitty) is not h
  });

  it('replaces an action\'s keys with the user\'s, and [] unbinds', () => {
    const { keymap, problems } = built([override('detach', ['D', 'C-q']), override('redraw', [])]);
    expect(problems).toEqual([]);
    expect(actionFor(keymap, 'D')).toBe('detach');
    expect(actionFor(keymap, '\x11')).toBe('detach');
    expect(actionFor(keymap, 'd')).toBeUndefined();
    expect(actionFor(keymap, 'r')).toBeUndefined();
    expect(keymap.keysOf('redraw')).toEqual([]);
  });

  it('refuses an override that takes another action\'s key, keeping that action\'s defaults', () => {
    const { keymap, problems } = built([override('detach', ['x'], 4)]);
    expect(problems).toEqual(["config.json:4:1: keys.detach: 'x' is already close-pane's key (detach keeps d)"]);
    expect(actionFor(keymap, 'x')).toBe('close-pane');
    expect(actionFor(keymap, 'd')).toBe('detach');
  });

  it('allows moving keys around when the other action is rebound too', () => {
    const { keymap, problems } = built([override('detach', ['x']), override('close-pane', ['X'])]);
    expect(problems).toEqual([]);
    expect(actionFor(keymap, 'x')).toBe('detach');
    expect(actionFor(keymap, 'X')).toBe('close-pane');
  });

  it('refuses two overrides on one key and a binding on the prefix', () => {
    const clash = built([override('zoom', ['Z'], 2), override('redraw', ['Z'], 3)]);
    expect(clash.problems).toHaveLength(1);
    expect(clash.problems[0]).toMatch(/^config\.json:3:1: keys\.redraw: 'Z' is already zoom's key \(redraw keeps r\)/);
    expect(actionFor(clash.keymap, 'Z')).toBe('zoom');
    const onPrefix = built([override('zoom', ['C-b'])], 'C-b');
    expect(onPrefix.problems[0]).toMatch(/keys\.zoom: 'C-b' is the prefix \(zoom keeps z\)/);
    expect(actionFor(onPrefix.keymap, 'z')).toBe('zoom');
  });

  it('drops a default key that is the prefix itself, and says so', () => {
    const { keymap, problems } = built([], 'z');
    expect(problems[0]).toMatch(/the prefix z is also zoom's key/);
    expect(keymap.keysOf('zoom')).toEqual([]);
  });

  it('rejects unknown actions and keys', () => {
    expect(buildKeymap([override('teleport', ['t'])], 'C-\\')).toMatchObject({ ok: false, error: expect.stringMatching(/unknown action 'teleport'/) });
    expect(buildKeymap([override('zoom', ['Nope'])], 'C-\\')).toMatchObject({ ok: false });
  });

  it('builds the help rows from the keys in force, one row per group', () => {
    const rows = built([override('zoom', ['Z'])]).keymap.helpRows();
    expect(rows).toContainEqual({ keys: 'Z', description: expect.stringMatching(/^zoom/) });
    expect(rows).toContainEqual({ keys: '←/h →/l ↑/k ↓/j', description: 'focus the pane in that direction' });
    expect(rows).toContainEqual({ keys: '| or %', description: 'split: new pane to the right' });
  });
});

describe('scroll mode keymap', () => {
  function scrollBuilt(overrides: ReturnType<typeof override>[], prefix = 'C-\\') {
    const result = buildScrollKeymap(overrides, prefix);
    if (!result.ok) throw new Error(result.error);
    return result;
  }

  it('has unique names and defaults without conflicts', () => {
    expect(new Set(SCROLL_ACTIONS.map((a) => a.name)).size).toBe(SCROLL_ACTIONS.length);
    const ids = SCROLL_ACTIONS.flatMap((a) => a.keys.map((k) => keyIdentity(k)));
    expect(new Set(ids).size).toBe(ids.length);
    expect(scrollBuilt([]).problems).toEqual([]);
    const { keymap } = scrollBuilt([]);
    expect(actionFor(keymap, 'g')).toBe('history-top');
    expect(actionFor(keymap, '\x1b[5~')).toBe('page-up');
    expect(actionFor(keymap, '\x15')).toBe('half-page-up');
  });

  it('rebinds a scroll action by name, independently of the prefix keys', () => {
    const { keymap, problems } = scrollBuilt([override('history-top', ['Home', 'g']), override('line-start', ['0']), override('leave', ['x'])]);
    expect(problems).toEqual([]);
    expect(actionFor(keymap, '\x1b[H')).toBe('history-top');
    expect(actionFor(keymap, 'x')).toBe('leave');
    expect(actionFor(keymap, 'q')).toBeUndefined();
    // x is still close-pane's key after the prefix: the two tables do not meet.
    expect(actionFor(built([]).keymap, 'x')).toBe('close-pane');
  });

  it('reports a conflict in scrollKeys with the place it was written, keeping the defaults', () => {
    const { keymap, problems } = scrollBuilt([override('leave', ['g'], 7)]);
    expect(problems).toEqual(["config.json:7:1: scrollKeys.leave: 'g' is already history-top's key (leave keeps q)"]);
    expect(actionFor(keymap, 'g')).toBe('history-top');
    expect(actionFor(keymap, 'q')).toBe('leave');
    const onPrefix = scrollBuilt([override('leave', ['C-b'])], 'C-b');
    expect(onPrefix.problems[0]).toMatch(/scrollKeys\.leave: 'C-b' is the prefix \(leave keeps q\)/);
    // A prefix that is also a default scroll key (C-b, tmux's prefix, is page-up's) quietly stays the prefix.
    expect(onPrefix.problems).toHaveLength(1);
    expect(onPrefix.keymap.keysOf('page-up')).toEqual(['PageUp']);
  });

  it('rejects an unknown scroll action, naming the scroll actions', () => {
    expect(buildScrollKeymap([override('split-right', ['%'])], 'C-\\')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/scrollKeys: unknown action 'split-right' \(the actions: cursor-up, /),
    });
  });

  it('shows the keys in force in help and in the hint', () => {
    const { keymap } = scrollBuilt([override('leave', ['x']), override('copy', [])]);
    const rows = keymap.helpRows();
    expect(rows).toContainEqual({ keys: 'x', description: 'back to the live screen' });
    expect(rows).toContainEqual({ keys: '↑/k ↓/j ←/h →/l', description: expect.stringMatching(/^move the cursor/) });
    expect(rows.some((r) => r.description.startsWith('copy'))).toBe(false);
    expect(scrollModeHint((name) => keymap.labelOf(name))).toBe('scroll mode: PageUp pages back, x leaves, / searches, v selects');
  });
});
