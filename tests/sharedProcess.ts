// Setup for the test files that share worker processes (the unit and in-process projects run with
// isolate: false, see vitest.config.ts). Each file must leave the process as it found it:
// - the environment, working directory and umask are put back after each file, so a file may set them
//   at its top (FORCE_COLOR before Ink loads, say) without reaching into the next file;
// - a timer function or clock a file replaced and did not put back fails that file, by name. Left in
//   place, a later file in the same process waits forever on a timer that never fires (a headless
//   xterm's write never calls back), and the hang names the wrong file.

import { afterAll, vi } from 'vitest';

/** The globals a fake clock or a spy replaces, as the process had them before its first file. */
const ORIGINALS_KEY = Symbol.for('tessera.tests.sharedProcess.originals');

type TimerGlobals = Record<string, unknown>;

function timerGlobals(): TimerGlobals {
  return {
    setTimeout: globalThis.setTimeout,
    clearTimeout: globalThis.clearTimeout,
    setInterval: globalThis.setInterval,
    clearInterval: globalThis.clearInterval,
    setImmediate: globalThis.setImmediate,
    clearImmediate: globalThis.clearImmediate,
    queueMicrotask: globalThis.queueMicrotask,
    Date: globalThis.Date,
    performance: globalThis.performance,
    'performance.now': globalThis.performance.now,
    'process.nextTick': process.nextTick,
    'process.hrtime': process.hrtime,
  };
}

const store = globalThis as unknown as Record<symbol, TimerGlobals | undefined>;
const originals = (store[ORIGINALS_KEY] ??= timerGlobals());

// This module runs again before each file: what the file may change is read here, before the file loads.
const env = { ...process.env };
const cwd = process.cwd();
const umask = process.umask();

afterAll(() => {
  // Spies first: restoring a spy made on a faked timer puts the fake back, after the clock was uninstalled.
  vi.restoreAllMocks();
  vi.useRealTimers();
  const now = timerGlobals();
  const left = Object.keys(originals).filter((name) => now[name] !== originals[name]);
  // Put back either way, so one file's mistake fails that file only.
  for (const name of left) restoreGlobal(name, originals[name]);
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  Object.assign(process.env, env);
  if (process.cwd() !== cwd) process.chdir(cwd);
  process.umask(umask);
  if (left.length > 0) {
    throw new Error(`this file left ${left.join(', ')} replaced (a fake clock or a spy not put back); files after it in the same process would wait on timers that never fire`);
  }
});

function restoreGlobal(name: string, value: unknown): void {
  if (name === 'performance.now') Reflect.set(globalThis.performance, 'now', value);
  else if (name.startsWith('process.')) Reflect.set(process, name.slice('process.'.length), value);
  else Reflect.set(globalThis, name, value);
}
