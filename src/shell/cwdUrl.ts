// Reading the working directory out of an OSC 7 report (file://HOST/PERCENT-ENCODED-PATH).

/**
 * The absolute path in an OSC 7 payload, percent-decoded, or undefined when it is not a file:// URL
 * with an absolute path. The host is not checked: a shell on another machine (ssh) still reports
 * a useful path, and deciding whether it is local is the caller's business.
 */
export function parseCwdUrl(data: string): string | undefined {
  const match = /^file:\/\/([^/]*)(\/.*)$/i.exec(data);
  if (!match) return undefined;
  // Not `new URL()`: it would fold "/a/../b" into "/b" and cut the path at '?' or '#', both legal
  // in directory names.
  try {
    return decodeURIComponent(match[2]);
  } catch {
    return undefined; // a malformed escape or bytes that are not UTF-8: no path we could use
  }
}
