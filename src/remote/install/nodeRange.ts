// Whether a host's Node is one tessera supports: its version against the `engines.node` range of
// tessera's package.json (">=20.11 <25"). npm only warns about a Node outside it, and tessera would
// then fail on the host at its first start; this reads the comparators npm ranges are made of.

type Triple = [number, number, number];

/** `v20.11.1` → [20, 11, 1]; undefined for anything else. */
export function parseNodeVersion(text: string): Triple | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/** Whether `version` is within `range` (comparators, `^`, `~`, `||`); undefined when the range is beyond this reader. */
export function nodeVersionInRange(version: Triple, range: string): boolean | undefined {
  const alternatives = range.split('||').map((part) => part.trim().split(/\s+/).filter((word) => word !== ''));
  let any = false;
  for (const comparators of alternatives) {
    let all = true;
    for (const comparator of comparators) {
      const holds = comparatorHolds(version, comparator);
      if (holds === undefined) return undefined;
      all &&= holds;
    }
    any ||= all;
  }
  return any;
}

function comparatorHolds(version: Triple, comparator: string): boolean | undefined {
  const match = /^(>=|<=|>|<|=|\^|~)?v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(comparator);
  if (!match) return undefined;
  const operator = match[1] ?? '=';
  const given = [match[2], match[3], match[4]].filter((part) => part !== undefined).map(Number);
  const low: Triple = [given[0], given[1] ?? 0, given[2] ?? 0];
  // The first version past a partial one: `20` ends before 21.0.0, `20.11` before 20.12.0.
  const next: Triple = given.length === 1 ? [given[0] + 1, 0, 0] : given.length === 2 ? [given[0], given[1] + 1, 0] : [given[0], given[1], given[2] + 1];
  const at = (other: Triple) => compare(version, other);
  switch (operator) {
    case '>=':
      return at(low) >= 0;
    case '>':
      return at(next) >= 0;
    case '<':
      return at(low) < 0;
    case '<=':
      return at(next) < 0;
    case '^':
      return at(low) >= 0 && at(low[0] === 0 ? [0, low[1] + 1, 0] : [low[0] + 1, 0, 0]) < 0;
    case '~':
      return at(low) >= 0 && at(given.length === 1 ? [low[0] + 1, 0, 0] : [low[0], low[1] + 1, 0]) < 0;
    default:
      return at(low) >= 0 && at(next) < 0;
  }
}

function compare(a: Triple, b: Triple): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}
