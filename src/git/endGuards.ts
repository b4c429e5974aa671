// Whether removing or resetting a workspace would lose work, given what its preflight found and what
// the user allowed. Unpushed commits, commits only a reflog reaches, and stashes need `force`;
// changed or untracked files, and a folder git cannot read, need `discardChanges` (force is not
// enough); ignored files (.env, a local database) that deleting the folder would take need
// `discardIgnored`. A folder problem (outside the workspace root, a worktree its repository does not
// list) and a reset of a branch that is not checked out are refused whatever is allowed. Pure:
// `tessera rm/reset` and the in-client confirmation both ask it.

import { REFLOG_WINDOW_MS } from '../limits.js';
import type { GitPreflight } from './preflight.js';

export type EndAction = 'rm' | 'reset';

/** The reflog window in days, as the preflight and the help name it. */
export const REFLOG_WINDOW_DAYS = Math.round(REFLOG_WINDOW_MS / 86_400_000);

/** A folder whose git could not be read: what git said, and what the folder holds. */
export interface UnreadableFolder {
  reason: string;
  /** Relative paths (a `.git` folder as one entry), at most FOLDER_LISTING_MAX_ENTRIES. */
  files: string[];
  /** False when the listing stopped at its limit or could not read a subfolder. */
  complete: boolean;
}

/** What a workspace holds right before it is removed or reset (see src/server/records/workspacePreflight.ts). */
export interface Preflight {
  name: string;
  kind: 'adopted' | 'worktree' | 'clone';
  path: string;
  /** The branch tessera made or checked out for it (a reset works on it only). */
  branch: string | null;
  base: string | null;
  /** null when the folder is gone, cannot be read by git (see `unreadable`), or is not in a git repository. */
  git: GitPreflight | null;
  /** The folder exists but git cannot read it (missing or broken `.git`, no permission). */
  unreadable: UnreadableFolder | null;
  /** Why this folder must not be deleted or reset, whatever the user allows. */
  folderProblems: string[];
  /** Panes that still run a program (stopped first). */
  runningPanes: number[];
}

export interface EndChoices {
  force: boolean;
  discardChanges: boolean;
  discardIgnored: boolean;
}

/** How the refusal names the permissions: the CLI's flags, or the dialog's choices. */
export interface ChoiceWords {
  force: string;
  discardChanges: string;
  discardIgnored: string;
  /** The permissions by their names alone ("--force is not enough"). */
  forceName: string;
  discardChangesName: string;
}

export const CLI_WORDS: ChoiceWords = {
  force: 'add --force',
  discardChanges: 'add --discard-changes',
  discardIgnored: 'add --discard-ignored',
  forceName: '--force',
  discardChangesName: '--discard-changes',
};

const joined = (parts: string[]): string => parts.filter(Boolean).join(' and ');

/** Files that would be thrown away ("2 changed file(s) and 1 untracked file(s)"), '' when none. */
export function changedFiles(check: Preflight): string {
  const g = check.git;
  if (!g) return '';
  return joined([g.dirty.length > 0 ? `${g.dirty.length} changed file(s)` : '', g.untracked.length > 0 ? `${g.untracked.length} untracked file(s)` : '']);
}

/** Ignored files deleting the folder would take ("2 ignored file(s)"); '' when none or when the action keeps them (reset). */
export function ignoredFiles(check: Preflight, action: EndAction): string {
  const count = check.git?.ignored.length ?? 0;
  return action === 'rm' && touchesFiles(check, action) && count > 0 ? `${count} ignored file(s)` : '';
}

/**
 * Commits and stashes that exist nowhere else ("1 unpushed commit(s) and 1 stash(es)"), '' when none.
 * A reset leaves the reflogs in place, so commits only they reach are lost by rm alone.
 */
export function keptWork(check: Preflight, action: EndAction = 'rm'): string {
  const g = check.git;
  if (!g) return '';
  return joined([
    g.unpushed > 0 ? `${g.unpushed} unpushed commit(s)` : '',
    action === 'rm' && g.reflogOnly > 0 ? `${g.reflogOnly} commit(s) only in the reflog` : '',
    g.stashes > 0 ? `${g.stashes} stash(es)` : '',
  ]);
}

/** Whether the action touches the folder's files at all (removing an adopted folder only forgets it). */
export const touchesFiles = (check: Preflight, action: EndAction): boolean => action === 'reset' || check.kind !== 'adopted';

/** Every reason the action would be refused with these choices; empty when it may go ahead. */
export function endBlocks(check: Preflight, choices: EndChoices, action: EndAction, words: ChoiceWords = CLI_WORDS): string[] {
  if (action === 'reset' && check.kind !== 'worktree') {
    return [`reset is for managed worktrees; ${check.name} is ${check.kind === 'adopted' ? 'an adopted folder (tessera never changes its files)' : 'a clone'}`];
  }
  if (action === 'reset' && !check.base) return [`${check.name} has no base branch to go back to`];
  const blocks = [...check.folderProblems];
  if (action === 'reset') {
    const reset = resetProblem(check);
    if (reset) blocks.push(reset);
  }
  if (!touchesFiles(check, action)) return blocks;
  if (check.unreadable && action === 'rm' && !choices.discardChanges) {
    blocks.push(
      `git could not read ${check.name}'s folder (${check.unreadable.reason}), so tessera cannot tell what deleting it would lose; ${words.discardChanges} to delete it and the ${check.unreadable.files.length}${check.unreadable.complete ? '' : '+'} file(s) it holds anyway (${words.forceName} is not enough)`,
    );
  }
  const changed = changedFiles(check);
  if (changed && !choices.discardChanges) blocks.push(`${check.name} has ${changed}; commit them, or ${words.discardChanges} to throw them away (${words.forceName} is not enough)`);
  const ignored = ignoredFiles(check, action);
  if (ignored && !choices.discardIgnored) {
    blocks.push(`${check.name} has ${ignored} (git ignores them, but they exist only here); move them away, or ${words.discardIgnored} to delete them with the folder (${words.forceName} and ${words.discardChangesName} are not enough)`);
  }
  const kept = keptWork(check, action);
  if (kept && !choices.force) blocks.push(`${check.name} has ${kept}; push them, or ${words.force} to ${action === 'rm' ? 'remove' : 'reset'} it anyway`);
  return blocks;
}

/** Why the action would be refused with these choices (each reason on a line); undefined when it may go ahead. */
export function endRefusal(check: Preflight, choices: EndChoices, action: EndAction, words: ChoiceWords = CLI_WORDS): string | undefined {
  const blocks = endBlocks(check, choices, action, words);
  return blocks.length > 0 ? blocks.join('\n') : undefined;
}

/** A reset moves the branch checked out now: refused unless that is the workspace's own branch. */
function resetProblem(check: Preflight): string | undefined {
  if (check.unreadable) return `git could not read ${check.name}'s folder (${check.unreadable.reason}); there is nothing tessera can reset`;
  if (!check.git) return `${check.name}'s folder ${check.path} is gone; there is nothing to reset`;
  if (check.branch === null) return `${check.name} has no recorded branch; tessera resets only the branch it made for a worktree`;
  const now = check.git.checkedOut;
  if (now === check.branch) return undefined;
  return `${check.name} has ${now === null ? 'a detached HEAD' : `branch ${now}`} checked out, not its own branch ${check.branch}; reset works on the branch checked out now and refuses to reset any other (nothing was reset): switch back with 'git switch ${check.branch}' in ${check.path}, or remove the workspace`;
}

/** What the user should know that does not stop the action. */
export function endWarnings(check: Preflight, action: EndAction): string[] {
  const warnings: string[] = [];
  if (check.git?.noRemote) warnings.push('no remote is configured: nothing here is backed up elsewhere');
  if (check.runningPanes.length > 0) {
    const verb = check.runningPanes.length === 1 ? 'is' : 'are';
    warnings.push(`with --yes (or once confirmed), ${paneIds(check.runningPanes)} ${verb} stopped first; then git is asked again, and what they leave behind is checked before anything is deleted or reset`);
  }
  if (action === 'rm' && check.kind === 'adopted') warnings.push('an adopted folder is only forgotten: its files are never touched');
  if (action === 'rm' && check.kind === 'worktree' && check.branch) warnings.push(`branch ${check.branch} stays in its repository`);
  const ignored = check.git?.ignored.length ?? 0;
  if (action === 'reset' && ignored > 0) warnings.push(`${ignored} ignored file(s) stay: reset cleans untracked files only`);
  return warnings;
}

/** "pane 3" or "panes 3, 4". */
export const paneIds = (ids: readonly number[]): string => `${ids.length === 1 ? 'pane' : 'panes'} ${ids.join(', ')}`;
