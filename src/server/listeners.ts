// A set of listeners and the disposable that removes one.

import type { Disposable } from '../pty/ptyProcess.js';

export type Listener = () => void;

export function subscribe<L>(set: Set<L>, listener: L): Disposable {
  set.add(listener);
  return { dispose: () => set.delete(listener) };
}
