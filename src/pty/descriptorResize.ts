// Sets the size of a PTY known only by its master descriptor (one taken over from another server,
// see adoptedPty.ts), through node-pty's own native addon: the ioctl Node itself cannot make.

import { createRequire } from 'node:module';

interface PtyAddon {
  resize(fd: number, cols: number, rows: number): void;
}

let addon: PtyAddon | undefined;

function ptyAddon(): PtyAddon {
  if (addon) return addon;
  // node-pty finds the addon of this platform itself; its helper is not part of its typed API.
  const loader = createRequire(import.meta.url)('@lydell/node-pty/requireBinary.js') as { requireBinary(file: string): Partial<PtyAddon> };
  const loaded = loader.requireBinary('pty.node');
  if (typeof loaded.resize !== 'function') throw new Error("node-pty's addon has no resize()");
  addon = loaded as PtyAddon;
  return addon;
}

/** TIOCSWINSZ on the PTY: its program gets SIGWINCH, as with any terminal resize. */
export function resizeDescriptor(fd: number, cols: number, rows: number): void {
  ptyAddon().resize(fd, cols, rows);
}
