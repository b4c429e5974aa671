// An in-memory filesystem for the binary resolver that remembers every path it was asked about.

import type { BinaryFs, FileStat } from '../../../src/shell/resolveBinary.js';

interface Entry {
  stat: FileStat;
  content?: string;
}

export interface FakeBinaryFs extends BinaryFs {
  /** Every path passed to stat, readFile or access, in order. */
  touched: string[];
  /** An executable program (mode 755). */
  program(file: string): FakeBinaryFs;
  /** A regular file with the given content and mode (644 unless said). */
  file(file: string, content?: string, mode?: number, uid?: number): FakeBinaryFs;
  dir(file: string): FakeBinaryFs;
}

export function fakeBinaryFs(): FakeBinaryFs {
  const entries = new Map<string, Entry>();
  const touched: string[] = [];
  const fake: FakeBinaryFs = {
    touched,
    program(file) {
      entries.set(file, { stat: { isFile: true, mode: 0o100755 } });
      return fake;
    },
    file(file, content = '', mode = 0o644, uid) {
      entries.set(file, { stat: { isFile: true, mode: 0o100000 | mode, uid }, content });
      return fake;
    },
    dir(file) {
      entries.set(file, { stat: { isFile: false, mode: 0o40755 } });
      return fake;
    },
    stat(file) {
      touched.push(file);
      return entries.get(file)?.stat;
    },
    readFile(file) {
      touched.push(file);
      return entries.get(file)?.content;
    },
    access(file, mode) {
      touched.push(file);
      const entry = entries.get(file);
      return entry !== undefined && (entry.stat.mode & mode & 0o111) !== 0;
    },
  };
  return fake;
}
