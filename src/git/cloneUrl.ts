// What a clone URL may be, and the folder name a clone of it gets: pure text rules, no git run.

import path from 'node:path';

/** A clone URL must not look like an option and must name something (https, ssh, scp-like or a local path). */
export function checkCloneUrl(url: string): string | undefined {
  if (url.length === 0 || url.startsWith('-')) return `'${url}' is not a repository URL`;
  if (/^ext::|^fd::/i.test(url)) return `'${url}' uses a transport tessera does not allow`;
  if (/[\0\n\r]/.test(url)) return 'the URL holds control characters';
  return undefined;
}

/** The folder name a clone of `url` gets: its last path part without `.git`. */
export function repoNameFromUrl(url: string): string {
  const trimmed = url.replace(/[\\/]+$/, '').replace(/\.git$/, '');
  return path.basename(trimmed.replace(/^[^:/]+:(?!\/)/, '/')) || 'repo';
}
