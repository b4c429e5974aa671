// A ScrollBuffer over one of a headless xterm's two buffers (normal or alternate).

import type { IBuffer, IBufferCell } from '@xterm/headless';
import type { ScrollBuffer } from './buffer.js';

export function xtermScrollBuffer(buffer: IBuffer, cols: () => number): ScrollBuffer {
  let cell: IBufferCell | undefined;
  return {
    get length() {
      return buffer.length;
    },
    get history() {
      return buffer.baseY;
    },
    get cols() {
      return cols();
    },
    cells(line) {
      const width = cols();
      const row = buffer.getLine(line);
      const out = new Array<string>(width).fill(' ');
      if (!row) return out;
      cell ??= buffer.getNullCell();
      for (let x = 0; x < width; x++) {
        row.getCell(x, cell);
        out[x] = cell.getWidth() === 0 ? '' : cell.getChars() || ' ';
      }
      return out;
    },
    text(line) {
      return buffer.getLine(line)?.translateToString(false, 0, cols()) ?? ' '.repeat(cols());
    },
    wrapped(line) {
      return buffer.getLine(line)?.isWrapped ?? false;
    },
  };
}
