// Summaries of malformed output: the first at once, then at most one per interval, the rest on close.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARSE_ERROR_REPORT_MS } from '../../../src/limits.js';
import { ParseErrorLog } from '../../../src/term/parseErrorLog.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ParseErrorLog', () => {
  it('writes one line at once, then sums everything within the interval into the next', () => {
    const lines: string[] = [];
    const log = new ParseErrorLog('pane 4', (line) => lines.push(line));
    log.error('Parsing error: ', { code: 1 });
    vi.advanceTimersByTime(0);
    expect(lines).toEqual(['pane 4: 1 malformed control sequence(s) ignored in the last 1 s']);
    for (let i = 0; i < 10_000; i++) log.error('Parsing error: ', { code: i });
    vi.advanceTimersByTime(PARSE_ERROR_REPORT_MS - 1000);
    expect(lines).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^pane 4: 10000 malformed control sequence\(s\) ignored in the last \d+ s$/);
    expect(log.total).toBe(10_001);
  });

  it('quotes the first other error, briefly, and flushes what is left when disposed', () => {
    const lines: string[] = [];
    const log = new ParseErrorLog('pane 5', (line) => lines.push(line));
    log.error('Parsing error: ', {});
    vi.advanceTimersByTime(0);
    log.error(new Error('x'.repeat(1000)));
    log.error('Parsing error: ', {});
    log.dispose();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('1 malformed control sequence(s) ignored; 1 other emulator error(s), first: ');
    expect(lines[1].length).toBeLessThan(300);
    log.warn();
    log.info();
    log.debug();
    expect(lines).toHaveLength(2);
  });

  it('stays silent without a log', () => {
    const log = new ParseErrorLog('pane 6', undefined);
    log.error('Parsing error: ', {});
    vi.advanceTimersByTime(PARSE_ERROR_REPORT_MS);
    log.dispose();
    expect(log.total).toBe(1);
  });
});
