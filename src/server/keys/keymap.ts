// The keys in force: each action's default keys with the user's `keys` overrides applied, conflicts
// found and refused, and the lookup from a pressed key to its action.

import { keyIdentity, parseKeySpec, type KeyMatcher } from '../../term/keys/prefix.js';
import type { KeyToken } from '../../term/keys/token.js';
import { ACTIONS, findAction, type KeyAction } from './actions.js';
import { keyLabel } from './keyLabel.js';

/** One entry of the `keys` setting: the keys it gives an action, and where it was written. */
export interface KeyOverride {
  action: string;
  keys: string[];
  /** Where the entry is in the settings file, for messages ("config.json:4:5"). */
  where: string;
}

interface Binding {
  action: KeyAction;
  spec: string;
  matches: KeyMatcher;
}

export interface HelpRow {
  keys: string;
  description: string;
}

export class Keymap {
  constructor(private readonly bindings: readonly Binding[]) {}

  /** The action a key pressed after the prefix runs, if any. */
  find(token: KeyToken): KeyAction | undefined {
    return this.bindings.find((b) => b.matches(token))?.action;
  }

  /** The keys bound to an action, as specs in the order they were given. */
  keysOf(name: string): string[] {
    return this.bindings.filter((b) => b.action.name === name).map((b) => b.spec);
  }

  /** One row per action (actions of one group share a row), in the table's order. */
  helpRows(): HelpRow[] {
    const rows: HelpRow[] = [];
    const groups = new Map<string, HelpRow>();
    for (const action of ACTIONS) {
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

export type KeymapResult = { ok: true; keymap: Keymap; problems: string[] } | { ok: false; error: string };

/**
 * Applies the overrides to the default keys. An unknown action or a key that is not a key makes the
 * whole setting invalid (an error); a conflict (a key given to two actions, or the prefix itself)
 * is a problem to report, and the override that caused it is not applied.
 */
export function buildKeymap(overrides: readonly KeyOverride[], prefixSpec: string): KeymapResult {
  for (const override of overrides) {
    if (!findAction(override.action)) {
      return { ok: false, error: `${override.where}: keys: unknown action '${override.action}' (tessera's actions: ${ACTIONS.map((a) => a.name).join(', ')})` };
    }
    for (const spec of override.keys) {
      const parsed = parseKeySpec(spec);
      if (typeof parsed === 'string') return { ok: false, error: `${override.where}: keys: ${override.action}: ${parsed}` };
    }
  }
  const problems: string[] = [];
  const prefixId = keyIdentity(prefixSpec);
  const assigned = new Map<string, string[]>(ACTIONS.map((a) => [a.name, withoutPrefix(a.name, a.keys, prefixId, prefixSpec, problems)]));
  const active = new Map(overrides.map((o) => [o.action, o]));
  for (const override of overrides) assigned.set(override.action, override.keys);

  // Refuse overrides that conflict until none do; each round reverts at least one, so this ends.
  for (;;) {
    const conflict = findConflict(assigned, active, prefixId);
    if (conflict === undefined) break;
    const { override, spec, other } = conflict;
    const defaults = withoutPrefix(override.action, findAction(override.action)?.keys ?? [], prefixId, prefixSpec, []);
    const why = other === undefined ? `'${spec}' is the prefix` : `'${spec}' is already ${other}'s key`;
    problems.push(`${override.where}: keys.${override.action}: ${why} (${override.action} keeps ${defaults.join(' ') || 'no key'})`);
    active.delete(override.action);
    assigned.set(override.action, defaults);
  }

  const bindings: Binding[] = [];
  for (const action of ACTIONS) {
    for (const spec of assigned.get(action.name) ?? []) {
      const matches = parseKeySpec(spec);
      if (typeof matches !== 'string') bindings.push({ action, spec, matches });
    }
  }
  return { ok: true, keymap: new Keymap(bindings), problems };
}

/** A default key that is the prefix itself cannot run an action (prefix twice sends the prefix). */
function withoutPrefix(name: string, keys: readonly string[], prefixId: string | undefined, prefixSpec: string, problems: string[]): string[] {
  const kept = keys.filter((k) => keyIdentity(k) !== prefixId);
  if (kept.length < keys.length) problems.push(`the prefix ${prefixSpec} is also ${name}'s key; it stays the prefix (press it twice to send it to the pane)`);
  return kept;
}

function findConflict(
  assigned: Map<string, string[]>,
  active: Map<string, KeyOverride>,
  prefixId: string | undefined,
): { override: KeyOverride; spec: string; other?: string } | undefined {
  const owner = new Map<string, string>();
  const order = [...active.values()];
  for (const action of ACTIONS) {
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
