// Whether removing or resetting a workspace would lose work, given what its preflight found and what
// the user allowed: unpushed commits or a stash need `force`, changed or untracked files need
// `discardChanges` (force is not enough). Pure: `tessera rm/reset` and the in-client confirmation
// both ask it.

import type { GitPreflight } from './preflight.js';

export type EndAction = 'rm' | 'reset';

/** What a workspace holds right before it is removed or reset (see src/server/records/removal.ts). */
export interface Preflight {
  name: string;
  kind: 'adopted' | 'worktree' | 'clone';
  path: string;
  branch: string | null;
  base: string | null;
  /** null when the folder is gone or is not in a git repository. */
  git: GitPreflight | null;
  /** Panes that still run a program (ended first). */
  runningPanes: number[];
}

export interface EndChoices {
  force: boolean;
  discardChanges: boolean;
}

/** How the refusal names the two permissions: the CLI's flags, or the dialog's choices. */
export interface ChoiceWords {
  force: string;
  discardChanges: string;
  /** The force permission by its name alone ("--force is not enough"). */
  forceName: string;
}

export const CLI_WORDS: ChoiceWords = { force: 'add --force', discardChanges: 'add --discard-changes', forceName: '--force' };

/** Files that would be thrown away ("2 changed file(s) and 1 untracked file(s)"), '' when none. */
export function changedFiles(check: Preflight): string {
  const g = check.git;
  if (!g) return '';
  return [g.dirty > 0 ? `${g.dirty} changed file(s)` : '', g.untracked > 0 ? `${g.untracked} untracked file(s)` : ''].filter(Boolean).join(' and ');
}

/** Commits and stashes that exist nowhere else ("1 unpushed commit(s)"), '' when none. */
export function keptWork(check: Preflight): string {
  const g = check.git;
  if (!g) return '';
  return [g.unpushed > 0 ? `${g.unpushed} unpushed commit(s)` : '', g.stashes > 0 ? `${g.stashes} stash(es)` : ''].filter(Boolean).join(' and ');
}

/** Whether the action touches the folder's files at all (removing an adopted folder only forgets it). */
export const touchesFiles = (check: Preflight, action: EndAction): boolean => action === 'reset' || check.kind !== 'adopted';

/** Why the action would be refused with these choices; undefined when it may go ahead. */
export function endRefusal(check: Preflight, choices: EndChoices, action: EndAction, words: ChoiceWords = CLI_WORDS): string | undefined {
  if (action === 'reset' && check.kind !== 'worktree') {
    return `reset is for managed worktrees; ${check.name} is ${check.kind === 'adopted' ? 'an adopted folder (tessera never changes its files)' : 'a clone'}`;
  }
  if (action === 'reset' && !check.base) return `${check.name} has no base branch to go back to`;
  if (!touchesFiles(check, action)) return undefined;
  const changed = changedFiles(check);
  if (changed && !choices.discardChanges) return `${check.name} has ${changed}; commit them, or ${words.discardChanges} to throw them away (${words.forceName} is not enough)`;
  const kept = keptWork(check);
  if (kept && !choices.force) return `${check.name} has ${kept}; push them, or ${words.force} to ${action === 'rm' ? 'remove' : 'reset'} it anyway`;
  return undefined;
}
