// tessera's own tokenizer for custom shell command lines such as `pwsh -NoLogo`. No shell ever sees the text:
// there is no expansion, substitution or globbing, only words, quotes and a few escapes.

/**
 * Most arguments after the program. Shell start-up lines are short; anything longer is a paste accident,
 * and it is refused rather than silently cut, so what runs is always exactly what was written.
 */
export const MAX_SHELL_ARGS = 32;

export type Tokenized = { ok: true; argv: string[] } | { ok: false; message: string };

/** A backslash escapes only these, so `C:\Users\me\bin\pwsh.exe` keeps its separators. */
const ESCAPABLE = new Set([' ', '\t', '"', "'", '\\']);

/**
 * Splits `line` into argv (program first). Rules:
 * - spaces and tabs separate words; single and double quotes group (the quotes are removed, `""` is an empty word);
 * - a backslash before whitespace, a quote or another backslash yields that character, inside quotes too;
 *   any other backslash, and a trailing lone one, is kept literally;
 * - an unterminated quote, a control character other than tab, or more than MAX_SHELL_ARGS arguments is an error.
 * A blank line gives an empty argv; callers decide whether that is allowed.
 */
export function tokenizeShellCommand(line: string): Tokenized {
  const control = findControlCharacter(line);
  if (control) return { ok: false, message: control };
  const argv: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  let quoteStart = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '\\') {
      const next = line[i + 1];
      if (next !== undefined && ESCAPABLE.has(next)) {
        word += next;
        i++;
      } else {
        word += ch;
      }
      inWord = true;
    } else if (quote) {
      if (ch === quote) quote = undefined;
      else word += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      quoteStart = i;
      inWord = true;
    } else if (ch === ' ' || ch === '\t') {
      if (inWord) argv.push(word);
      word = '';
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (quote) {
    const kind = quote === '"' ? 'double' : 'single';
    return { ok: false, message: `Shell command has an unterminated ${kind} quote (opened at character ${quoteStart + 1}); close it with ${quote}` };
  }
  if (inWord) argv.push(word);
  const argumentCount = argv.length - 1;
  if (argumentCount > MAX_SHELL_ARGS) {
    return { ok: false, message: `Shell command has ${argumentCount} arguments after the program; at most ${MAX_SHELL_ARGS} are allowed` };
  }
  return { ok: true, argv };
}

/** NUL would truncate the argument at exec; other control characters are never meant in a command line. */
function findControlCharacter(line: string): string | undefined {
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    const isControl = (code < 0x20 && code !== 0x09) || (code >= 0x7f && code <= 0x9f);
    if (!isControl) continue;
    const what = code === 0 ? 'a NUL character' : `the control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    return `Shell command contains ${what} at character ${i + 1}; only printable characters, spaces and tabs are allowed`;
  }
  return undefined;
}
