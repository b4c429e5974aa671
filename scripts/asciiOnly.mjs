// Makes a bundle pure ASCII. V8 keeps a script's source text in memory for as long as its functions
// live (it compiles them lazily from it), one byte a character when every character fits in one
// byte, else two: a single "→" in a comment made the server's 1.7 MB bundle hold 3.5 MB of heap.
// esbuild already escapes strings, templates and identifiers (its default charset); what it leaves
// are comments and regular expression literals, where `\uXXXX` means the same character (a
// character outside the BMP becomes its surrogate pair, which a /u expression reads as one).
// Columns on the few lines this touches move to the right, so a source map points a little early
// there; those lines are comments and patterns, not code that throws.

import fs from 'node:fs';

// Outside comments, a character after a backslash (an identity escape) or inside what may be a
// tagged template (whose raw text a tag can read) could change meaning if escaped: such a bundle is
// refused so a person decides.
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*)/u;
const ESCAPED_CHARACTER = /\\[^\x00-\x7f]/u;
const TAGGED_TEMPLATE = /[\w$)\]]`[^`]*[^\x00-\x7f]/u;

/** Rewrites `file` with every non-ASCII character escaped; throws where that would change meaning. */
export function escapeNonAscii(file) {
  const source = fs.readFileSync(file, 'utf8');
  if (!/[^\x00-\x7f]/u.test(source)) return;
  const lines = source.split('\n');
  lines.forEach((line, index) => {
    if (!/[^\x00-\x7f]/u.test(line) || COMMENT_LINE.test(line)) return;
    if (ESCAPED_CHARACTER.test(line) || TAGGED_TEMPLATE.test(line)) {
      throw new Error(`${file}:${index + 1}: a non-ASCII character that cannot be escaped safely (after a backslash or in a tagged template); write it as \\u{…} in the source`);
    }
  });
  const escaped = source.replace(/[^\x00-\x7f]/gu, (character) =>
    [...Array(character.length).keys()].map((i) => `\\u${character.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''),
  );
  fs.writeFileSync(file, escaped);
}
