// The keys in force: each action's default keys with the user's overrides applied, conflicts found
// and refused, and the lookup from a pressed key to its action. One keymap for the keys after the
// prefix (the `keys` setting, table actions.ts) and one for scroll mode (`scrollKeys`, table
// scrollBindings.ts).

import { keyIdentity, parseKeySpec, type KeyMatcher } from '../../term/keys/prefix.js';
import type { KeyToken } from '../../term/keys/token.js';
import { ACTIONS, type KeyAction } from './actions.js';
import { keyLabel } from './keyLabel.js';
import { SCROLL_ACTIONS, type ScrollAction } from './scrollBindings.js';

/** One entry of the `keys` setting: the keys it gives an action, and where it was written. */
export interface KeyOverride {
  action: string;
  keys: string[];
  /** Where the entry is in the settings file, for messages ("config.json:4:5"). */
  where: string;
}

/** What a keymap needs of an action: its name, default keys and how help shows it. */
export interface NamedAction {
  name: string;
  description: string;
  keys: readonly string[];
  /** Actions of one group share a help row, described by the group's text. */
  group?: string;
}

interface Binding<A> {
  action: A;
  spec: string;
  matches: KeyMatcher;
}

export interface HelpRow {
  keys: string;
  description: string;
}

export class Keymap<A extends NamedAction = KeyAction> {
  constructor(
    private readonly table: readonly A[],
    private readonly bindings: readonly Binding<A>[],
  ) {}

  /** Every action, in the table's order (the built-in ones, then bound command lines). */
  actions(): readonly A[] {
    return this.table;
  }

  /** An action by its name. */
  named(name: string): A | undefined {
    return this.table.find((a) => a.name === name);
  }

  /** The action a key runs, if any. */
  find(token: KeyToken): A | undefined {
    return this.bindings.find((b) => b.matches(token))?.action;
  }

  /** The keys bound to an action, as specs in the order they were given. */
  keysOf(name: string): string[] {
    return this.bindings.filter((b) => b.action.name === name).map((b) => b.spec);
  }

  /** The first key of an action as people read it (`Esc`, `←`), or undefined when it has none. */
  labelOf(name: string): string | undefined {
    const spec = this.keysOf(name)[0];
    return spec === undefined ? undefined : keyLabel(spec);
  }

  /** One row per action (actions of one group share a row), in the table's order. */
  helpRows(): HelpRow[] {
    const rows: HelpRow[] = [];
    const groups = new Map<string, HelpRow>();
    for (const action of this.table) {
      const labels = this.keysOf(action.name).map(keyLabel);
      if (labels.length === 0) continue;
      if (action.group === undefined) {
        rows.push({ keys: labels.join(' or '), description: action.description });
        continue;
      }
      const row = groups.get(action.group);
      if (row) row.keys += ` ${labels.join('/')}`;
      else {
        const created = { keys: labels.join('/'), description: action.group };
        groups.set(action.group, created);
        rows.push(created);
      }
    }
    return rows;
  }
}

export type KeymapResult<A extends NamedAction = KeyAction> = { ok: true; keymap: Keymap<A>; problems: string[] } | { ok: false; error: string };

/** The keys after the prefix, from the `keys` setting, and the command lines of the `bind` setting. */
export function buildKeymap(overrides: readonly KeyOverride[], prefixSpec: string, bound: { actions: KeyAction[]; overrides: KeyOverride[] } = { actions: [], overrides: [] }): KeymapResult<KeyAction> {
  return buildKeymapOf([...ACTIONS, ...bound.actions], 'keys', [...overrides, ...bound.overrides], prefixSpec);
}

/** The keys of scroll mode, from the `scrollKeys` setting. The prefix keeps working there, so it cannot be one. */
export function buildScrollKeymap(overrides: readonly KeyOverride[], prefixSpec: string): KeymapResult<ScrollAction> {
  return buildKeymapOf(SCROLL_ACTIONS, 'scrollKeys', overrides, prefixSpec);
}

/**
 * Applies the overrides to the default keys of `table`. An unknown action or a key that is not a key
 * makes the whole setting invalid (an error); a conflict (a key given to two actions, or the prefix
 * itself) is a problem to report, and the override that caused it is not applied.
 */
function buildKeymapOf<A extends NamedAction>(table: readonly A[], setting: string, overrides: readonly KeyOverride[], prefixSpec: string): KeymapResult<A> {
  const find = (name: string) => table.find((a) => a.name === name);
  for (const override of overrides) {
    if (!find(override.action)) {
      return { ok: false, error: `${override.where}: ${setting}: unknown action '${override.action}' (the actions: ${table.map((a) => a.name).join(', ')})` };
    }
    for (const spec of override.keys) {
      const parsed = parseKeySpec(spec);
      if (typeof parsed === 'string') return { ok: false, error: `${override.where}: ${setting}: ${override.action}: ${parsed}` };
    }
  }
  const problems: string[] = [];
  const prefixId = keyIdentity(prefixSpec);
  const defaults = (action: A, report: string[]) => withoutPrefix(setting, action, prefixId, prefixSpec, report);
  const assigned = new Map<string, string[]>(table.map((a) => [a.name, defaults(a, problems)]));
  const active = new Map(overrides.map((o) => [o.action, o]));
  for (const override of overrides) assigned.set(override.action, override.keys);

  // Refuse overrides that conflict until none do; each round reverts at least one, so this ends.
  for (;;) {
    const conflict = findConflict(table, assigned, active, prefixId);
    if (conflict === undefined) break;
    const { override, spec, other } = conflict;
    const kept = defaults(find(override.action) as A, []);
    const why = other === undefined ? `'${spec}' is the prefix` : `'${spec}' is already ${other}'s key`;
    problems.push(`${override.where}: ${setting}.${override.action}: ${why} (${override.action} keeps ${kept.join(' ') || 'no key'})`);
    active.delete(override.action);
    assigned.set(override.action, kept);
  }

  const bindings: Binding<A>[] = [];
  for (const action of table) {
    for (const spec of assigned.get(action.name) ?? []) {
      const matches = parseKeySpec(spec);
      if (typeof matches !== 'string') bindings.push({ action, spec, matches });
    }
  }
  return { ok: true, keymap: new Keymap(table, bindings), problems };
}

/** A default key that is the prefix itself cannot run an action (the prefix is read first, everywhere). */
function withoutPrefix(setting: string, action: NamedAction, prefixId: string | undefined, prefixSpec: string, problems: string[]): string[] {
  const kept = action.keys.filter((k) => keyIdentity(k) !== prefixId);
  // Scroll mode's defaults have spare keys (PageUp besides C-b), so losing one to the prefix is not worth a message.
  if (kept.length < action.keys.length && setting === 'keys') {
    problems.push(`the prefix ${prefixSpec} is also ${action.name}'s key; it stays the prefix (press it twice to send it to the pane)`);
  }
  return kept;
}

function findConflict(
  table: readonly NamedAction[],
  assigned: Map<string, string[]>,
  active: Map<string, KeyOverride>,
  prefixId: string | undefined,
): { override: KeyOverride; spec: string; other?: string } | undefined {
  const owner = new Map<string, string>();
  const order = [...active.values()];
  for (const action of table) {
    const override = active.get(action.name);
    for (const spec of assigned.get(action.name) ?? []) {
      const id = keyIdentity(spec) ?? spec;
      if (override && id === prefixId) return { override, spec };
      const other = owner.get(id);
      if (other !== undefined && other !== action.name) {
        // Blame an override; when both are, the one written later in the file.
        const earlier = active.get(other);
        const blamed = override && earlier ? (order.indexOf(override) > order.indexOf(earlier) ? override : earlier) : (override ?? earlier);
        if (blamed) return { override: blamed, spec, other: blamed === override ? other : action.name };
      }
      owner.set(id, action.name);
    }
  }
  return undefined;
}
