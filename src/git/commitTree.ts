// A commit made in the object store alone (no index, no checkout, no ref): what landing builds with.

import { gitOk } from './run.js';

/** A commit of `tree` with these parents (`-p X` each) and message; `env` may set its author. */
export async function commitTree(dir: string, tree: string, parents: string[], message: string, env?: Record<string, string>): Promise<string> {
  return (await gitOk(dir, ['commit-tree', tree, ...parents, '-F', '-'], { input: message, env })).trim();
}
