// The keys of scroll mode (the pane's history, its search and copy): one named action each, with
// default key specs written as in the settings (`Up`, `C-u`, `G`), like the prefix actions in
// actions.ts. The `scrollKeys` setting rebinds them by name (keymap.ts).

import type { ScrollView } from '../../term/scroll/scrollView.js';

/** What scroll-mode keys act on: the view, plus what needs the client (search prompt, clipboard, leaving). */
export interface ScrollKeyTarget {
  readonly view: ScrollView;
  /** Opens the search prompt: `/` searches toward newer output, `?` toward older. */
  startSearch(forward: boolean): void;
  /** n repeats the last search, N repeats it the other way. */
  repeatSearch(reverse: boolean): void;
  /** Copies the selection and leaves scroll mode. */
  copy(): void;
  /** Back to the live screen. */
  exit(): void;
}

export interface ScrollAction {
  name: string;
  description: string;
  keys: string[];
  /** Actions of one group share a row in the help overlay. */
  group?: string;
  run(target: ScrollKeyTarget): void;
}

const CURSOR = 'move the cursor (the view follows it past the edges)';

export const SCROLL_ACTIONS: readonly ScrollAction[] = [
  { name: 'cursor-up', group: CURSOR, description: 'cursor up (the view follows)', keys: ['Up', 'k'], run: (t) => t.view.moveCursor(-1) },
  { name: 'cursor-down', group: CURSOR, description: 'cursor down', keys: ['Down', 'j'], run: (t) => t.view.moveCursor(1) },
  { name: 'cursor-left', group: CURSOR, description: 'cursor left', keys: ['Left', 'h'], run: (t) => t.view.moveCursor(0, -1) },
  { name: 'cursor-right', group: CURSOR, description: 'cursor right', keys: ['Right', 'l'], run: (t) => t.view.moveCursor(0, 1) },
  { name: 'line-start', description: 'start of the line', keys: ['Home', '0'], run: (t) => t.view.lineStart() },
  { name: 'line-end', description: 'end of the line', keys: ['End', '$'], run: (t) => t.view.lineEnd() },
  { name: 'page-up', description: 'one page back', keys: ['PageUp', 'C-b'], run: (t) => t.view.page(-1) },
  { name: 'page-down', description: 'one page forward', keys: ['PageDown', 'C-f'], run: (t) => t.view.page(1) },
  { name: 'half-page-up', description: 'half a page back', keys: ['C-u'], run: (t) => t.view.halfPage(-1) },
  { name: 'half-page-down', description: 'half a page forward', keys: ['C-d'], run: (t) => t.view.halfPage(1) },
  { name: 'history-top', description: 'the oldest line', keys: ['g'], run: (t) => t.view.toTop() },
  { name: 'history-bottom', description: 'the newest line', keys: ['G'], run: (t) => t.view.toBottom() },
  { name: 'search-forward', description: 'search toward newer output', keys: ['/'], run: (t) => t.startSearch(true) },
  { name: 'search-backward', description: 'search toward older output', keys: ['?'], run: (t) => t.startSearch(false) },
  { name: 'search-again', description: 'next match, same direction', keys: ['n'], run: (t) => t.repeatSearch(false) },
  { name: 'search-reverse', description: 'next match, other direction', keys: ['N'], run: (t) => t.repeatSearch(true) },
  { name: 'select', description: 'start (or end) a selection', keys: ['v', 'Space'], run: (t) => t.view.toggleSelection('char') },
  { name: 'select-lines', description: 'select whole lines', keys: ['V'], run: (t) => t.view.toggleSelection('line') },
  { name: 'select-block', description: 'select a rectangle', keys: ['C-v'], run: (t) => t.view.toggleSelection('block') },
  { name: 'copy', description: 'copy the selection and leave', keys: ['y', 'Enter'], run: (t) => t.copy() },
  { name: 'leave', description: 'back to the live screen', keys: ['q'], run: (t) => t.exit() },
  {
    name: 'cancel',
    description: 'drop the selection; without one, back to the live screen',
    keys: ['Escape'],
    run: (t) => {
      if (t.view.selection) t.view.selection = undefined;
      else t.exit();
    },
  },
];

/** What the status bar says in scroll mode (entering it, or a key that means nothing there): the main keys, as bound now. */
export function scrollModeHint(labelOf: (action: string) => string | undefined): string {
  const parts = [
    ['page-up', 'pages back'],
    ['leave', 'leaves'],
    ['search-forward', 'searches'],
    ['select', 'selects'],
    ['copy', 'copies'],
  ].flatMap(([action, what]) => {
    const label = labelOf(action);
    return label === undefined ? [] : [`${label} ${what}`];
  });
  return `scroll mode: ${parts.join(', ') || 'no keys bound (see the scrollKeys setting)'}`;
}
