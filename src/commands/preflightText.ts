// The preflight of `tessera rm/reset` as text: one fact a line, each list naming its first files.

import { REFLOG_WINDOW_DAYS, type Preflight } from '../git/endGuards.js';
import { countAndNames, someNames } from '../git/namedList.js';
import { visibleText } from '../term/visibleText.js';


export function formatPreflight(p: Preflight, blocked: readonly string[] = [], warnings: readonly string[] = []): string {
  const lines = [`workspace ${p.name} (${p.kind}) ${p.path}`];
  const g = p.git;
  if (g) {
    lines.push(`  head: ${g.head}`);
    if (p.branch !== null && g.checkedOut !== p.branch) lines.push(`  checked out: ${g.checkedOut ?? 'a detached HEAD'} (its own branch is ${p.branch})`);
    lines.push(`  changed files: ${countAndNames(g.dirty)}`);
    if (g.conflicts.length > 0) lines.push(`  conflicts: ${countAndNames(g.conflicts)}`);
    lines.push(`  untracked files: ${countAndNames(g.untracked)}`);
    lines.push(`  ignored files: ${countAndNames(g.ignored)}`);
    const where = g.unpushedRefs.length > 0 ? ` (${someNames(g.unpushedRefs)})` : '';
    lines.push(`  unpushed commits: ${g.unpushed}${where}${g.noRemote ? ' (no remote: nothing here is backed up elsewhere)' : ''}`);
    lines.push(`  commits only in the reflog (last ${REFLOG_WINDOW_DAYS} days): ${g.reflogOnly}`);
    lines.push(`  stashes: ${g.stashes}`);
  } else if (p.unreadable) {
    lines.push(`  unreadable: git could not read this folder (${p.unreadable.reason})`);
    const files = p.unreadable.files;
    lines.push(`  files it holds: ${files.length}${p.unreadable.complete ? '' : '+'}${files.length > 0 ? ` (${someNames(files)})` : ''}`);
  } else {
    lines.push('  not a git repository (or the folder is gone)');
  }
  const panes = p.runningPanes;
  lines.push(`  running panes: ${panes.length === 0 ? 'none' : `${panes.length} (${panes.length === 1 ? 'id' : 'ids'} ${panes.join(', ')})`}`);
  for (const block of blocked) lines.push(`  blocked: ${block}`);
  for (const warning of warnings) lines.push(`  note: ${warning}`);
  // The folder, branches, commit subject and file names come from the repository: each line is shown
  // with its control characters as marks (a name holding a line break stays on its line).
  return `${lines.map((line) => visibleText(line)).join('\n')}\n`;
}
