// Which characters of the Basic Multilingual Plane combine with the one before them (accents, marks,
// joiners, variation selectors): a table built once, when the first candidate shows up.

/** Below this nothing combines (U+0300 is the first combining accent). */
export const FIRST_COMBINING = 0x300;

let table: Uint8Array | undefined;

function build(): Uint8Array {
  const marks = new Uint8Array(0x10000);
  const combining = /^[\p{M}\u200d]$/u;
  for (let c = FIRST_COMBINING; c < 0x10000; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue; // surrogate halves are not characters
    if (combining.test(String.fromCharCode(c))) marks[c] = 1;
  }
  return marks;
}

/** True for a UTF-16 code unit that is a combining character (never for surrogate halves). */
export function isCombining(code: number): boolean {
  if (code < FIRST_COMBINING) return false;
  table ??= build();
  return table[code] === 1;
}
