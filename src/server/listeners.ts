// A set of listeners and the disposable that removes one.

import type { Disposable } from '../pty/ptyProcess.js';

export type Listener = () => void;

export function subscribe(set: Set<Listener>, listener: Listener): Disposable {
  set.add(listener);
  return { dispose: () => set.delete(listener) };
}
