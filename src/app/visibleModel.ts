// The chrome model as the chrome shows it: every string in it with its control characters made
// visible (visibleText). The model is the chrome's only input, and much of it comes from outside
// (pane titles, folders, branch and file names, template descriptions, messages quoting them), so
// escaping it whole before it is drawn leaves no component a way to show such text raw. Components
// then measure and cut the text as it is shown, marks included.

import { jsonMayNeedMarks, visibleText } from '../term/visibleText.js';

/**
 * `value` with visibleText applied to every string in it; parts without a control are the same
 * objects. `json`, the value's JSON text when the caller has it, lets a model with nothing to mark
 * (nearly every one) skip the walk (a file picker of 5,000 names: ~0.9 ms to walk, ~0.4 ms to scan its JSON).
 */
export function visibleModel<T>(value: T, json?: string): T {
  if (json !== undefined && !jsonMayNeedMarks(json)) return value;
  return visibleValue(value) as T;
}

function visibleValue(value: unknown): unknown {
  if (typeof value === 'string') return visibleText(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const shown = visibleValue(value[i]);
      if (shown !== value[i]) (copy ??= value.slice())[i] = shown;
    }
    return copy ?? value;
  }
  if (value !== null && typeof value === 'object') {
    let copy: Record<string, unknown> | undefined;
    for (const key in value) {
      const item = (value as Record<string, unknown>)[key];
      const shown = visibleValue(item);
      if (shown !== item) (copy ??= { ...value })[key] = shown;
    }
    return copy ?? value;
  }
  return value;
}
