// A list of names cut to what a screen can take: "a.txt, b.txt and 3 more".

import { PREFLIGHT_NAMED_FILES } from '../limits.js';

/** At most `max` names, then how many more there are ('' for none). */
export function someNames(names: readonly string[], max = PREFLIGHT_NAMED_FILES): string {
  if (names.length <= max) return names.join(', ');
  return `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
}

/** "0", or "2 (a.txt, b.txt)". */
export function countAndNames(names: readonly string[], max = PREFLIGHT_NAMED_FILES): string {
  return names.length === 0 ? '0' : `${names.length} (${someNames(names, max)})`;
}
