// What a clone URL may be, and the folder name a clone of it gets: pure text rules, no git run.

import path from 'node:path';

/** A clone URL must not look like an option and must name something (https, ssh, scp-like or a local path). */
export function checkCloneUrl(url: string): string | undefined {
  if (url.length === 0 || url.startsWith('-')) return `'${withoutCredentials(url)}' is not a repository URL`;
  if (/^ext::|^fd::/i.test(url)) return `'${withoutCredentials(url)}' uses a transport tessera does not allow`;
  if (/[\0\n\r]/.test(url)) return 'the URL holds control characters';
  return undefined;
}

/** The folder name a clone of `url` gets: its last path part without `.git` (never its user name or password). */
export function repoNameFromUrl(url: string): string {
  const trimmed = withoutCredentials(url).replace(/[\\/]+$/, '').replace(/\.git$/, '');
  return path.basename(trimmed.replace(/^[^:/]+:(?!\/)/, '/')) || 'repo';
}

/**
 * A URL's user-info (`https://user:password@host/…`, `https://TOKEN@host/…`) removed, in a URL or in
 * any text that holds URLs (git's error lines): what tessera stores and shows. git itself is given
 * the URL as typed, and keeps it (and its own credential handling) in the clone's .git/config.
 */
export function withoutCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#]*@/gi, '$1');
}
