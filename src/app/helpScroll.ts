// Keys in the help overlay: when the list is longer than the screen, arrows and pages scroll it;
// any other key closes it (as before, so a user who only wanted a glance loses nothing).

/** Key names that scroll the help list when it does not fit, and by how many rows (a page is the visible rows). */
const SCROLL_KEYS: Record<string, number | 'page' | '-page' | 'top' | 'bottom'> = {
  up: -1,
  k: -1,
  down: 1,
  j: 1,
  pageup: '-page',
  pagedown: 'page',
  space: 'page',
  home: 'top',
  g: 'top',
  end: 'bottom',
};

/** The first row to show so that as many rows as fit are shown from `offset` on. */
export function clampHelpOffset(offset: number, total: number, visible: number): number {
  return Math.max(0, Math.min(offset, total - Math.max(1, visible)));
}

/** The new first row for a key, or 'close' for a key that does not scroll (or when everything fits). */
export function helpScrollStep(offset: number, total: number, visible: number, keyName: string | undefined): number | 'close' {
  const step = keyName === undefined ? undefined : SCROLL_KEYS[keyName];
  if (step === undefined || total <= visible) return 'close';
  const page = Math.max(1, visible - 1);
  const next =
    step === 'page' ? offset + page : step === '-page' ? offset - page : step === 'top' ? 0 : step === 'bottom' ? total : offset + step;
  return clampHelpOffset(next, total, visible);
}
