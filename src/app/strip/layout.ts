// Fitting the workspace strip into one row: every workspace when there is room; otherwise diff summaries go first,
// then the longest names are shortened, then workspaces far from the current one are left out (counted at the ends).

import { graphemeWidth } from '../../term/textWidth.js';
import { STACK_UP_MARK, type StripEntry } from './model.js';
import { graphemeSegmenter } from '../../term/graphemes.js';

/** Shortest a shortened name gets (then `…`). */
const MIN_NAME_CELLS = 4;

export interface StripItem {
  entry: StripEntry;
  /** `1 main` (digit and name; the dot is drawn before it). */
  label: string;
  /** `+12 −3`, or '' when left out or unknown. */
  diff: string;
  /** `⚠` when its changes would conflict with another workspace's (never left out: it is a warning). */
  warn: string;
}

export interface StripLayout {
  items: StripItem[];
  /** Workspaces left out before and after the shown ones. */
  hiddenBefore: number;
  hiddenAfter: number;
}

export const diffText = (diff: StripEntry['diff']): string => (diff === undefined || (diff.added === 0 && diff.removed === 0) ? '' : `+${diff.added} −${diff.removed}`);

/** The diff, and `merged` after it when the workspace's branch is all in its base. */
const itemDiff = (entry: StripEntry): string => [diffText(entry.diff), entry.merged ? MERGED_MARK : ''].filter(Boolean).join(' ');

/** Shown after a merged workspace's name. */
export const MERGED_MARK = 'merged';

const width = (text: string): number => [...graphemeSegmenter.segment(text)].reduce((sum, s) => sum + graphemeWidth(s.segment), 0);

export const warnText = (entry: StripEntry): string => ((entry.conflicts?.length ?? 0) > 0 ? '⚠' : '');

/** Cells one item takes: ` ● 1 main ⚠ +12 −3 ` (a space each side, the dot and a space, the label, the warning, the diff). */
export const itemWidth = (item: StripItem): number => 4 + width(item.label) + (item.warn ? 1 + width(item.warn) : 0) + (item.diff ? 1 + width(item.diff) : 0);

const label = (entry: StripEntry, name = entry.name): string => (entry.digit === undefined ? name : `${entry.digit} ${name}`) + (entry.stackUp ? STACK_UP_MARK : '');

function shorten(name: string, cells: number): string {
  if (width(name) <= cells) return name;
  let out = '';
  for (const { segment } of graphemeSegmenter.segment(name)) {
    if (width(out + segment) > cells - 1) break;
    out += segment;
  }
  return `${out}…`;
}

/**
 * The longest names cut first: every name kept to the widest cap that lets the strip fit (a name within it stays
 * whole, so one long name does not shorten the others), and to MIN_NAME_CELLS when even that does not fit.
 */
function withNamesCut(items: StripItem[], cols: number, total: (items: StripItem[]) => number): StripItem[] {
  const capped = (cap: number) => items.map((item) => ({ ...item, label: label(item.entry, shorten(item.entry.name, cap)) }));
  let fits = MIN_NAME_CELLS;
  let tooWide = Math.max(...items.map((item) => width(item.entry.name)));
  if (total(capped(fits)) > cols) return capped(fits);
  while (tooWide - fits > 1) {
    const cap = Math.floor((fits + tooWide) / 2);
    if (total(capped(cap)) <= cols) fits = cap;
    else tooWide = cap;
  }
  return capped(fits);
}

export function layoutStrip(entries: readonly StripEntry[], cols: number): StripLayout {
  const total = (items: StripItem[]) => items.reduce((sum, item) => sum + itemWidth(item), 0);
  let items = entries.map((entry) => ({ entry, label: label(entry), warn: warnText(entry), diff: itemDiff(entry) }));
  if (total(items) <= cols) return { items, hiddenBefore: 0, hiddenAfter: 0 };
  // Diffs of the other workspaces first, then every diff.
  items = items.map((item) => (item.entry.current ? item : { ...item, diff: '' }));
  if (total(items) > cols) items = items.map((item) => ({ ...item, diff: '' }));
  if (total(items) > cols) items = withNamesCut(items, cols, total);
  if (total(items) <= cols) return { items, hiddenBefore: 0, hiddenAfter: 0 };
  // Keep a window around the current workspace; `‹3` / `2›` (3 cells each) count the ones left out.
  const at = Math.max(0, items.findIndex((item) => item.entry.current));
  let first = at;
  let last = at;
  const fits = (a: number, b: number) => total(items.slice(a, b + 1)) + (a > 0 ? 3 : 0) + (b < items.length - 1 ? 3 : 0) <= cols;
  for (let grew = true; grew; ) {
    grew = false;
    if (last + 1 < items.length && fits(first, last + 1)) {
      last++;
      grew = true;
    }
    if (first > 0 && fits(first - 1, last)) {
      first--;
      grew = true;
    }
  }
  return { items: items.slice(first, last + 1), hiddenBefore: first, hiddenAfter: items.length - 1 - last };
}
