import { describe, expect, it } from 'vitest';
import { memoryReport } from '../../../src/server/process/memoryReport.js';
import { Emulator } from '../../../src/term/emulator.js';

describe('memoryReport', () => {
  it("adds up what the panes' emulators hold beside the process figures", () => {
    const emulators = [new Emulator({ cols: 100, rows: 10, scrollback: 50 }), new Emulator({ cols: 40, rows: 5, scrollback: 50 })];
    try {
      const report = memoryReport(emulators);
      expect(report.panes).toBe(2);
      // Each emulator starts with its normal screen's rows (the alternate screen is allocated too).
      expect(report.screenLines).toBe(emulators.reduce((sum, e) => sum + e.memory().screenLines, 0));
      expect(report.screenLines).toBeGreaterThanOrEqual(15);
      expect(report.screens).toBeGreaterThan(report.screenLines * 40 * 12);
      expect(report.rss).toBeGreaterThan(report.heapUsed);
      expect(report.heapTotal).toBeGreaterThanOrEqual(report.heapUsed);
      if (report.code !== null) expect(report.code).toBeGreaterThan(0);
    } finally {
      for (const emulator of emulators) emulator.dispose();
    }
  });
});
