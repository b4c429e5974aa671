// Generated from plain-text.js by `node bench/tools/emit-types.js`; do not edit.
/** @typedef {'ground' | 'escape' | 'escapeIntermediate' | 'csi' | 'string' | 'stringEscape'} State */
/**
 * A filter that follows the stream's escape sequences across chunk boundaries and hands back only
 * the text a terminal would print, limited to printable ASCII (bytes of other characters are
 * dropped). Used to notice a typed character's echo in the raw output without parsing the screen.
 * @returns {(bytes: Uint8Array) => string}
 */
export function createPlainTextFilter(): (bytes: Uint8Array) => string;
export type State = "ground" | "escape" | "escapeIntermediate" | "csi" | "string" | "stringEscape";
