import { describe, expect, it } from 'vitest';
import { parseOptions, UsageError } from '../../../bench/lib/options.js';

const names = ['throughput', 'floods', 'keystroke'];

describe('parseOptions', () => {
  it('runs everything, both multiplexers, by default', () => {
    expect(parseOptions([], names)).toEqual({ quick: false, only: null, onlyTmux: false, reps: null, keepTemp: false, help: false });
  });

  it('takes --only as a list or repeated', () => {
    expect(parseOptions(['--only', 'throughput,floods', '--only', 'keystroke'], names).only).toEqual([
      'throughput',
      'floods',
      'keystroke',
    ]);
  });

  it('takes --quick, --only-tmux, --reps and --keep-temp', () => {
    expect(parseOptions(['--quick', '--only-tmux', '--reps', '2', '--keep-temp'], names)).toMatchObject({
      quick: true,
      onlyTmux: true,
      reps: 2,
      keepTemp: true,
    });
  });

  it('names the scenarios when asked for one that does not exist', () => {
    expect(() => parseOptions(['--only', 'thruput'], names)).toThrow(/no scenario "thruput".*throughput, floods, keystroke/);
  });

  it('refuses unknown flags and bad repetition counts', () => {
    expect(() => parseOptions(['--fast'], names)).toThrow(UsageError);
    expect(() => parseOptions(['--reps', '0'], names)).toThrow(/at least 1/);
  });
});
