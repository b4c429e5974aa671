// The preflight of `tessera land` as text, in the style of rm's (preflightText.ts): one fact a line,
// each list naming its first files, what refuses it and what to know.

import type { LandPreflight } from '../git/landRules.js';
import { countAndNames } from '../git/namedList.js';
import { visibleText } from '../term/visibleText.js';

const MODE_WORDS = { merge: 'a merge commit', squash: 'one squashed commit', rebase: 'its commits replayed on top (a fast-forward when possible)' } as const;

export function formatLandPreflight(p: LandPreflight, showBlocked = true): string {
  const lines = [`workspace ${p.workspace} (${p.kind}) ${p.path}`];
  if (p.unreadable) lines.push(`  unreadable: git could not read this folder (${p.unreadable})`);
  else {
    lines.push(`  head: ${p.head ?? '(no commit)'}`);
    const verb = p.action === 'rebase-workspace' ? `rebase ${p.branch ?? '(detached HEAD)'} onto` : `land ${p.branch ?? '(detached HEAD)'} into`;
    lines.push(`  ${verb}: ${p.into ?? '(no base)'}${p.intoHead ? ` at ${p.intoHead}` : ''}${p.intoFrom ? ` (made from ${p.intoFrom})` : ''}`);
    if (p.action === 'land') lines.push(`  how: ${p.mode}, ${MODE_WORDS[p.mode]}`);
    lines.push(`  commits to land: ${p.commits}`);
    lines.push(`  uncommitted changes: ${countAndNames(p.dirty)}`);
    lines.push(`  untracked files: ${countAndNames(p.untracked)}`);
    lines.push(`  conflicts with ${p.into ?? 'the base'}: ${p.conflicts.length === 0 ? 'none' : countAndNames(p.conflicts)}${p.conflictAt ? ` (replaying ${p.conflictAt})` : ''}`);
    const checkout = p.baseCheckout;
    lines.push(`  ${p.into ?? 'base'} checked out: ${checkout ? `${checkout.path}, ${checkout.dirty.length === 0 ? 'clean' : `changed files ${countAndNames(checkout.dirty)}`}` : 'nowhere'}`);
    lines.push(`  unpushed commits: ${p.unpushed}; stashes: ${p.stashes}`);
  }
  const panes = p.runningPanes;
  lines.push(`  running panes: ${panes.length === 0 ? 'none' : `${panes.length} (${panes.length === 1 ? 'id' : 'ids'} ${panes.join(', ')})`}`);
  if (showBlocked) for (const block of p.blocked) lines.push(`  blocked: ${block}`);
  for (const warning of p.warnings) lines.push(`  note: ${warning}`);
  // Names of branches, files and folders come from the repository: control characters are shown as marks.
  return `${lines.map((line) => visibleText(line)).join('\n')}\n`;
}
