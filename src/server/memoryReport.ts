// Where the server's memory goes, for `tessera server-info`: the process as the OS sees it, V8's
// heap, and what the panes' emulators and histories hold.

import fs from 'node:fs';
import type { EmulatorMemory } from '../term/emulator.js';

export interface MemoryReport {
  /** Resident memory of the server process. */
  rss: number;
  /** Of it, pages backed by files: mostly Node's own code (null where /proc cannot tell). */
  code: number | null;
  /** The JavaScript heap: in use, and reserved from the OS. */
  heapUsed: number;
  heapTotal: number;
  /** Memory outside the heap owned by JavaScript objects (typed arrays: xterm's lines, histories). */
  external: number;
  arrayBuffers: number;
  /** Open panes whose emulators are counted below. */
  panes: number;
  /** Lines xterm holds in full (screens and its own scrollback) and their bytes (estimated). */
  screenLines: number;
  screens: number;
  /** Lines that scrolled off into the panes' compact histories, and their bytes. */
  historyLines: number;
  history: number;
}

export function memoryReport(emulators: Iterable<{ memory(): EmulatorMemory }>): MemoryReport {
  const usage = process.memoryUsage();
  const report: MemoryReport = {
    rss: usage.rss,
    code: fileBackedResident(),
    heapUsed: usage.heapUsed,
    heapTotal: usage.heapTotal,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    panes: 0,
    screenLines: 0,
    screens: 0,
    historyLines: 0,
    history: 0,
  };
  for (const emulator of emulators) {
    const memory = emulator.memory();
    report.panes++;
    report.screenLines += memory.screenLines;
    report.screens += memory.screenBytes;
    report.historyLines += memory.historyLines;
    report.history += memory.historyBytes;
  }
  return report;
}

/** Resident pages that map files (the node binary and its libraries), from /proc on Linux. */
function fileBackedResident(): number | null {
  try {
    const text = fs.readFileSync('/proc/self/smaps_rollup', 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN) * 1024;
    const code = kb('Rss') - kb('Anonymous');
    return Number.isFinite(code) ? code : null;
  } catch {
    return null;
  }
}
