// One up or hook per workspace stack at a time (one server: an in-memory map is the whole truth); a
// second is refused, not queued. An up can be ended while it runs: by `down` or `rm` of its
// workspace (they wait until it has stopped, so nothing it starts outlives them), or by its command
// line going away (Ctrl-C). Ended, it stops its boot or health hook and starts no more services.

import { RefusedError } from '../refusedError.js';
import type { StackFiles } from './stackFiles.js';

interface Holder {
  kind: 'up' | 'hook';
  stop: AbortController;
  done: Promise<void>;
}

const holders = new Map<string, Holder>();

/**
 * Runs `work` holding the workspace's stack; refused when another up or hook holds it. `work` gets
 * the signal that ends it (with a reason, a sentence) when `cancel` aborts or a down ends an up.
 */
export async function holdingStack<T>(files: StackFiles, what: string, kind: Holder['kind'], work: (stop: AbortSignal) => Promise<T>, cancel?: AbortSignal): Promise<T> {
  if (holders.has(files.dir)) throw new RefusedError(`an up or hook of workspace ${files.workspace}'s stack is under way; ${what} waits for nothing and was not started`);
  const stop = new AbortController();
  const interrupted = () => stop.abort('the command that ran it was interrupted');
  cancel?.addEventListener('abort', interrupted, { once: true });
  if (cancel?.aborted) interrupted();
  let release = () => {};
  const done = new Promise<void>((resolve) => (release = resolve));
  holders.set(files.dir, { kind, stop, done });
  try {
    return await work(stop.signal);
  } finally {
    cancel?.removeEventListener('abort', interrupted);
    holders.delete(files.dir);
    release();
  }
}

/** Ends an up of this stack that is under way and waits until it has stopped; false when none was. */
export async function endUpUnderWay(files: StackFiles, why: string): Promise<boolean> {
  const holder = holders.get(files.dir);
  if (holder?.kind !== 'up') return false;
  holder.stop.abort(why);
  await holder.done;
  return true;
}

/** Why the signal ended the work, as a sentence. */
export function stopReason(signal: AbortSignal): string {
  return typeof signal.reason === 'string' ? signal.reason : 'it was stopped';
}
