// The lists a row's selectors cycle through (models, efforts, shells) and how one step moves along them.

import { DEFAULT_MODEL_LABEL, DEFAULT_SHELL, EFFORT_CHOICES, type AddPaneRow, type AgentRow, type EffortChoice, type RowSelection, type ShellProfile, type TerminalRow } from './model.js';

/** 'default' first, then the agent's models (a model literally named 'default' would be the same choice). */
export function modelChoices(row: AgentRow): string[] {
  return [DEFAULT_MODEL_LABEL, ...row.models.filter((m) => m !== DEFAULT_MODEL_LABEL)];
}

/** The default shell first, then the profiles, unavailable ones included so they can be shown disabled. */
export function shellChoices(row: TerminalRow): ShellProfile[] {
  const hasDefault = row.profiles.some((p) => p.id === DEFAULT_SHELL.id);
  return hasDefault ? [...row.profiles] : [DEFAULT_SHELL, ...row.profiles];
}

/**
 * The index `step` places after `index` in a ring of `length`, skipping indexes `allowed` refuses.
 * Stays put when no other index is allowed.
 */
export function cycleIndex(length: number, index: number, step: 1 | -1, allowed: (i: number) => boolean = () => true): number {
  for (let n = 1; n < length; n++) {
    const next = (((index + step * n) % length) + length) % length;
    if (allowed(next)) return next;
  }
  return index;
}

export function initialSelection(row: AddPaneRow): RowSelection {
  if (row.kind === 'agent') return { kind: 'agent', modelIndex: 0, effort: 'default' };
  const firstAvailable = shellChoices(row).findIndex((s) => s.available);
  return { kind: 'terminal', shellIndex: Math.max(0, firstAvailable) };
}

export function nextEffort(effort: EffortChoice, step: 1 | -1): EffortChoice {
  return EFFORT_CHOICES[cycleIndex(EFFORT_CHOICES.length, EFFORT_CHOICES.indexOf(effort), step)];
}

/** Left/Right on a row: the next model of an agent, the next available shell of the terminal. */
export function cycleChoice(row: AddPaneRow, selection: RowSelection, step: 1 | -1): RowSelection {
  if (row.kind === 'agent' && selection.kind === 'agent') {
    return { ...selection, modelIndex: cycleIndex(modelChoices(row).length, selection.modelIndex, step) };
  }
  if (row.kind === 'terminal' && selection.kind === 'terminal') {
    const shells = shellChoices(row);
    return { ...selection, shellIndex: cycleIndex(shells.length, selection.shellIndex, step, (i) => shells[i].available) };
  }
  return selection;
}
