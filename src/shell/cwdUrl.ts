// Reading the working directory out of an OSC 7 report (file://HOST/PERCENT-ENCODED-PATH).

import { PATH_MAX_BYTES } from '../limits.js';

/**
 * The absolute path in an OSC 7 payload, percent-decoded, or undefined when it is not a file:// URL
 * with an absolute path, or the path is too long to be one (PATH_MAX_BYTES: it would be stored in
 * the workspace record and history as it is). The host is not checked: a shell on another machine
 * (ssh) still reports a useful path, and deciding whether it is local is the caller's business.
 */
export function parseCwdUrl(data: string): string | undefined {
  const match = /^file:\/\/([^/]*)(\/.*)$/i.exec(data);
  if (!match) return undefined;
  // Not `new URL()`: it would fold "/a/../b" into "/b" and cut the path at '?' or '#', both legal
  // in directory names.
  try {
    const cwd = decodeURIComponent(match[2]);
    return Buffer.byteLength(cwd) < PATH_MAX_BYTES ? cwd : undefined;
  } catch {
    return undefined; // a malformed escape or bytes that are not UTF-8: no path we could use
  }
}
