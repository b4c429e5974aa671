// Where the server's memory goes, for `tessera server-info`: the process as the OS sees it, V8's
// heap, and what the panes' emulators and histories hold.

import fs from 'node:fs';
import type { EmulatorMemory } from '../../term/emulator.js';
import type { MemoryReport } from '../../commands/serverInfo.js';

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
