import { describe, expect, it } from 'vitest';
import { latencyPercentiles, median, percentile, spread } from '../../../bench/lib/stats.js';

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([9, 1, 5])).toBe(5);
  });

  it('is the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('is null when nothing was measured', () => {
    expect(median([])).toBeNull();
  });

  it('leaves the samples in their order', () => {
    const samples = [3, 1, 2];
    median(samples);
    expect(samples).toEqual([3, 1, 2]);
  });
});

describe('percentile', () => {
  const hundred = Array.from({ length: 101 }, (_, index) => index);

  it('reads ranks straight off when they fall on a sample', () => {
    expect(percentile(hundred, 0)).toBe(0);
    expect(percentile(hundred, 90)).toBe(90);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
  });

  it('interpolates between the two nearest samples', () => {
    expect(percentile([10, 20], 25)).toBe(12.5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99)).toBeCloseTo(9.91);
  });

  it('is the only sample for any p of a single sample', () => {
    expect(percentile([7], 50)).toBe(7);
    expect(percentile([7], 99)).toBe(7);
  });

  it('refuses a p outside 0–100', () => {
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });
});

describe('spread', () => {
  it('gives median, min, max and count', () => {
    expect(spread([3, 9, 1, 4])).toEqual({ median: 3.5, min: 1, max: 9, count: 4 });
  });

  it('is null for no samples', () => {
    expect(spread([])).toBeNull();
  });
});

describe('latencyPercentiles', () => {
  it('reports p50, p90, p99 and the worst key', () => {
    const latencies = Array.from({ length: 100 }, (_, index) => index + 1);
    const result = latencyPercentiles(latencies);
    expect(result.p50).toBeCloseTo(50.5);
    expect(result.p90).toBeCloseTo(90.1);
    expect(result.p99).toBeCloseTo(99.01);
    expect(result.max).toBe(100);
  });

  it('has nothing to report without keys', () => {
    expect(latencyPercentiles([])).toEqual({ p50: null, p90: null, p99: null, max: null });
  });
});
