import { describe, expect, it } from 'vitest';
import { formatBytes, formatRatio, formatSpread, formatValue, ratioOf, renderTable } from '../../../bench/lib/format.js';

describe('formatValue', () => {
  it('shows small times in ms with the digits that matter', () => {
    expect(formatValue(0.2345, 'ms')).toBe('0.23 ms');
    expect(formatValue(12.345, 'ms')).toBe('12.3 ms');
  });

  it('switches to seconds from one second on', () => {
    expect(formatValue(2314, 'ms')).toBe('2.31 s');
  });

  it('shows bytes in decimal units', () => {
    expect(formatValue(512, 'bytes')).toBe('512 B');
    expect(formatValue(1536, 'bytes')).toBe('1.5 KB');
    expect(formatValue(20_000_000, 'bytes')).toBe('20.0 MB');
    expect(formatBytes(152_400)).toBe('152 KB');
  });

  it('shows percentages and frame rates', () => {
    expect(formatValue(2.333, 'percent')).toBe('2.33 %');
    expect(formatValue(17.25, 'percent')).toBe('17.3 %');
    expect(formatValue(29.96, 'fps')).toBe('30.0 fps');
  });

  it('shows a dash for a value that was not measured', () => {
    expect(formatValue(null, 'ms')).toBe('—');
    expect(formatValue(Number.NaN, 'bytes')).toBe('—');
  });
});

describe('formatSpread', () => {
  it('shows the median with min–max after it', () => {
    expect(formatSpread({ median: 2310, min: 2200, max: 2450, count: 3 }, 'ms')).toBe('2.31 s (2.20 s–2.45 s)');
  });

  it('shows only the median when all samples agree or there is one', () => {
    expect(formatSpread({ median: 5, min: 5, max: 5, count: 3 }, 'ms')).toBe('5.00 ms');
    expect(formatSpread({ median: 5, min: 5, max: 5, count: 1 }, 'ms')).toBe('5.00 ms');
  });

  it('shows a dash without samples', () => {
    expect(formatSpread(null, 'ms')).toBe('—');
  });
});

describe('ratio of tessera to tmux', () => {
  it('divides tessera by tmux', () => {
    expect(ratioOf(50, 200)).toBe(0.25);
    expect(formatRatio(50, 200)).toBe('0.25×');
    expect(formatRatio(2500, 200)).toBe('12.5×');
  });

  it('has no ratio when either side is missing', () => {
    expect(ratioOf(null, 200)).toBeNull();
    expect(formatRatio(50, undefined)).toBe('—');
  });

  it('has no ratio when both are zero, and an infinite one when only tmux is', () => {
    expect(formatRatio(0, 0)).toBe('—');
    expect(formatRatio(3, 0)).toBe('∞');
  });
});

describe('renderTable', () => {
  it('aligns columns under a ruled header', () => {
    const table = renderTable(['figure', 'tmux'], [['time', '2.31 s'], ['outer bytes', '152 KB']]);
    expect(table.split('\n')).toEqual([
      'figure       tmux',
      '───────────  ──────',
      'time         2.31 s',
      'outer bytes  152 KB',
    ]);
  });
});
