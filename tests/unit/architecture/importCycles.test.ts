// No file of src/ imports itself back at run time: a runtime import cycle makes the order modules load in matter
// (a value read before its module ran is undefined) and ties files that should change on their own. Type-only
// imports are free: they are gone after compiling.
//
// A cycle found is printed file by file. A cycle that cannot be broken at once may be listed in ALLOWED with the
// reason; the list can only shrink: an allowed cycle that no longer exists fails the test until it is taken out.

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, importsOf, sourceFiles } from './sourceImports.js';

/** Runtime cycles still waiting to be broken, each as the sorted list of its files (relative to the repository). None now. */
const ALLOWED: readonly (readonly string[])[] = [];

type Graph = Map<string, string[]>;

/** The files of src/ and, for each, the files it imports (runtime imports only, unless `withTypes`). */
function importGraph(withTypes: boolean): Graph {
  const files = sourceFiles('src');
  const known = new Set(files);
  const graph: Graph = new Map();
  for (const file of files) {
    const targets: string[] = [];
    for (const site of importsOf(file)) {
      if ((site.typeOnly && !withTypes) || !site.specifier.startsWith('.')) continue;
      const target = resolve(path.resolve(path.dirname(file), site.specifier), known);
      if (target === undefined) throw new Error(`${path.relative(ROOT, file)}: cannot find ${site.specifier}`);
      if (!targets.includes(target)) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The source file an ESM specifier names (`./x.js` is `./x.ts` or `./x.tsx` before compiling). */
function resolve(target: string, known: ReadonlySet<string>): string | undefined {
  const stem = target.replace(/\.(js|mjs|cjs)$/, '');
  return [target, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, path.join(target, 'index.ts')].find((candidate) => known.has(candidate));
}

/** The groups of files that reach each other (strongly connected components of two or more files, or a file importing itself). */
function cycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** One way round a group, for the message: a → b → … → a. */
function oneLoop(graph: Graph, group: readonly string[]): string[] {
  const members = new Set(group);
  const start = group[0];
  // Breadth-first from start, inside the group, until an import leads back to it.
  const cameFrom = new Map<string, string>([[start, start]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const target of graph.get(file) ?? []) {
      if (target === start) {
        const back: string[] = [];
        for (let at = file; at !== start; at = cameFrom.get(at)!) back.push(at);
        return [start, ...back.reverse(), start];
      }
      if (!members.has(target) || cameFrom.has(target)) continue;
      cameFrom.set(target, file);
      queue.push(target);
    }
  }
  return [...group];
}

const relative = (files: readonly string[]) => files.map((file) => path.relative(ROOT, file));

/** Does `from` reach `to` through imports? */
function reaches(graph: Graph, from: string, to: string): boolean {
  const seen = new Set<string>();
  const queue = [from];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const target of graph.get(file) ?? []) {
      if (target === to) return true;
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return false;
}

describe('import cycles', () => {
  it('no file of src/ imports itself back at run time (except the allowed cycles, each still there)', () => {
    const graph = importGraph(false);
    const found = cycles(graph).map((group) => ({ files: relative(group), loop: relative(oneLoop(graph, group)) }));
    const key = (files: readonly string[]) => [...files].sort().join(' ');
    const allowed = new Set(ALLOWED.map(key));
    const unexpected = found.filter((cycle) => !allowed.has(key(cycle.files))).map((cycle) => cycle.loop.join(' -> '));
    const gone = ALLOWED.filter((files) => !found.some((cycle) => key(cycle.files) === key(files))).map((files) => files.join(', '));
    expect(unexpected, 'runtime import cycles').toEqual([]);
    expect(gone, 'allowed cycles that no longer exist: take them out of ALLOWED').toEqual([]);
  });

  it('the circles issue 26 named stay broken, type imports included', () => {
    const graph = importGraph(true);
    const src = (file: string): string => {
      const full = path.join(ROOT, 'src/server', file);
      expect(graph.has(full), `${file} is where this test looks`).toBe(true); // a moved file must not pass unseen
      return full;
    };
    // The pane knows nothing of who watches it: the agent supervisor keeps its monitor, the workspace holds the pane.
    expect(reaches(graph, src('panes/pane.ts'), src('agent/agentMonitor.ts'))).toBe(false);
    expect(reaches(graph, src('panes/pane.ts'), src('workspaces/workspace.ts'))).toBe(false);
    // What a client's session needs from the server does not name the session.
    expect(graph.get(src('session/sessionHost.ts'))).not.toContain(src('session/clientSession.ts'));
    // The overlays and the key actions share the context both need, in a file of its own.
    expect(graph.get(src('session/overlays.ts'))).not.toContain(src('session/sessionActions.ts'));
  });

  it('finds a cycle, and only a cycle', () => {
    const graph: Graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(oneLoop(graph, ['a', 'b', 'c'])).toEqual(['a', 'b', 'c', 'a']);
    expect(cycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });
});
