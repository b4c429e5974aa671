// Printable ASCII of a terminal byte stream, with escape sequences and control strings removed.

const ESC = 0x1b;
const BEL = 0x07;

/** @typedef {'ground' | 'escape' | 'escapeIntermediate' | 'csi' | 'string' | 'stringEscape'} State */

/**
 * A filter that follows the stream's escape sequences across chunk boundaries and hands back only
 * the text a terminal would print, limited to printable ASCII (bytes of other characters are
 * dropped). Used to notice a typed character's echo in the raw output without parsing the screen.
 * @returns {(bytes: Uint8Array) => string}
 */
export function createPlainTextFilter() {
  /** @type {State} */
  let state = 'ground';

  /** @param {number} byte the byte after an ESC */
  const afterEscape = (byte) => {
    if (byte === 0x5b) state = 'csi'; // [
    else if (byte === 0x5d || byte === 0x50 || byte === 0x5f || byte === 0x5e || byte === 0x58) {
      state = 'string'; // ] OSC, P DCS, _ APC, ^ PM, X SOS
    } else if (byte === ESC) state = 'escape';
    else if (byte >= 0x20 && byte <= 0x2f) state = 'escapeIntermediate';
    else state = 'ground';
  };

  return (bytes) => {
    let text = '';
    for (const byte of bytes) {
      switch (state) {
        case 'ground':
          if (byte === ESC) state = 'escape';
          else if (byte >= 0x20 && byte <= 0x7e) text += String.fromCharCode(byte);
          break;
        case 'escape':
          afterEscape(byte);
          break;
        case 'escapeIntermediate':
          if (byte === ESC) state = 'escape';
          else if (byte >= 0x30 && byte <= 0x7e) state = 'ground';
          break;
        case 'csi':
          if (byte === ESC) state = 'escape';
          else if (byte >= 0x40 && byte <= 0x7e) state = 'ground';
          break;
        case 'string':
          if (byte === BEL) state = 'ground';
          else if (byte === ESC) state = 'stringEscape';
          break;
        case 'stringEscape':
          // ESC \ ends the string; ESC followed by anything else starts a new sequence.
          if (byte === 0x5c) state = 'ground';
          else afterEscape(byte);
          break;
      }
    }
    return text;
  };
}
