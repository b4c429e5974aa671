// Scroll mode for one attached client: which of its panes are scrolled back, the keys there, the
// search prompt, and copying. Each client scrolls on its own; the panes keep running.

import { COPY_HINT_EMPTY } from './clipboard.js';
import type { KeyToken } from '../../term/keys/decode.js';
import type { SearchResult } from '../../term/scroll/scrollView.js';
import type { Keymap } from '../keys/keymap.js';
import { scrollModeHint, type ScrollAction, type ScrollKeyTarget } from '../keys/scrollBindings.js';
import type { Pane } from '../panes/pane.js';
import { PaneScroll } from './paneScroll.js';

export interface ScrollHost {
  message(text: string | undefined, tone?: 'info' | 'error' | 'question'): void;
  /** Something shown in this pane (its view or its header's position) changed. */
  changed(pane: Pane): void;
  /** Puts text on the clipboard(s); false when it was refused (the host said why). */
  copy(text: string): boolean;
  /** The keys of scroll mode in force now (they change when the settings are reloaded). */
  keymap(): Keymap<ScrollAction>;
}

interface Prompt {
  paneId: number;
  forward: boolean;
  text: string;
}

/** Longest search text; a search is typed by hand, longer is a paste accident. */
const MAX_QUERY_CHARS = 256;

export class ScrollModes {
  private readonly scrolls = new Map<number, PaneScroll>();
  private prompt: Prompt | undefined;

  constructor(private readonly host: ScrollHost) {}

  /** The pane's scroll mode, caught up with its emulator; undefined when it shows the live screen. */
  of(paneId: number): PaneScroll | undefined {
    const scroll = this.scrolls.get(paneId);
    scroll?.sync();
    return scroll;
  }

  isScrolled(paneId: number): boolean {
    return this.scrolls.has(paneId);
  }

  /** `[offset/history]` for a scrolled pane's header. */
  indicator(paneId: number): string | undefined {
    return this.of(paneId)?.view.indicator();
  }

  enter(pane: Pane, options: { pageUp?: boolean; byMouse?: boolean } = {}): PaneScroll {
    let scroll = this.scrolls.get(pane.id);
    if (!scroll) {
      scroll = new PaneScroll(pane.emulator, options.byMouse ?? false);
      this.scrolls.set(pane.id, scroll);
    }
    if (options.pageUp) scroll.sync().page(-1);
    this.host.changed(pane);
    return scroll;
  }

  /** Back to the live screen; `keepMessage` leaves the status line as it is (e.g. "copied …"). */
  leave(pane: Pane, keepMessage = false): void {
    const scroll = this.scrolls.get(pane.id);
    if (!scroll) return;
    scroll.dispose();
    this.scrolls.delete(pane.id);
    if (this.prompt?.paneId === pane.id) this.prompt = undefined;
    if (!keepMessage) this.host.message(undefined);
    this.host.changed(pane);
  }

  /** The mouse wheel over a pane: enters scroll mode going up; back at the live screen, a wheel-entered mode ends. */
  wheel(pane: Pane, lines: number): void {
    if (lines > 0 && !this.scrolls.has(pane.id)) return;
    const view = this.enter(pane, { byMouse: true }).sync();
    view.scroll(lines);
    const scroll = this.scrolls.get(pane.id);
    if (scroll?.byMouse && view.atLive() && !view.selection) this.leave(pane);
    else this.host.changed(pane);
  }

  /** A key for the focused pane: taken when that pane is scrolled (or its search prompt is open). */
  key(pane: Pane, token: KeyToken): boolean {
    const scroll = this.of(pane.id);
    if (!scroll) return false;
    if (this.prompt?.paneId === pane.id) {
      this.promptKey(pane, scroll, this.prompt, token);
      return true;
    }
    const keymap = this.host.keymap();
    const action = keymap.find(token);
    if (action) action.run(this.target(pane, scroll));
    else if (token.kind === 'key') this.host.message(scrollModeHint((name) => keymap.labelOf(name)), 'info');
    if (this.scrolls.has(pane.id)) this.host.changed(pane);
    return true;
  }

  /** Panes that closed (or were started again under the same id) lose their scroll mode. */
  forgetExcept(panes: Set<Pane>): void {
    const current = new Map([...panes].map((pane) => [pane.id, pane.emulator]));
    for (const [id, scroll] of this.scrolls) {
      if (current.get(id) === scroll.emulator) continue;
      scroll.dispose();
      this.scrolls.delete(id);
      if (this.prompt?.paneId === id) this.prompt = undefined;
    }
  }

  dispose(): void {
    for (const scroll of this.scrolls.values()) scroll.dispose();
    this.scrolls.clear();
    this.prompt = undefined;
  }

  private target(pane: Pane, scroll: PaneScroll): ScrollKeyTarget {
    return {
      view: scroll.view,
      startSearch: (forward) => {
        this.prompt = { paneId: pane.id, forward, text: '' };
        this.showPrompt(this.prompt);
      },
      repeatSearch: (reverse) => {
        const search = scroll.view.search;
        if (!search) this.host.message(this.noSearchHint(), 'info');
        else this.report(scroll.view.find(search, reverse));
      },
      copy: () => {
        const text = scroll.view.selectedText();
        if (text.length === 0) {
          this.host.message(COPY_HINT_EMPTY, 'info');
          return;
        }
        if (this.host.copy(text)) this.leave(pane, true);
      },
      exit: () => this.leave(pane),
    };
  }

  private noSearchHint(): string {
    const keymap = this.host.keymap();
    const forward = keymap.labelOf('search-forward');
    const backward = keymap.labelOf('search-backward');
    const ways = [forward && `${forward} searches toward newer output`, backward && `${backward} toward older`].filter(Boolean);
    return `no search yet${ways.length > 0 ? `: ${ways.join(', ')}` : ''}`;
  }

  private promptKey(pane: Pane, scroll: PaneScroll, prompt: Prompt, token: KeyToken): void {
    const key = token.key;
    if (token.kind === 'paste' && token.paste !== undefined) {
      prompt.text = (prompt.text + token.paste.replace(/[\x00-\x1f\x7f-\x9f]/g, ' ')).slice(0, MAX_QUERY_CHARS);
    } else if (key?.name === 'escape') {
      this.prompt = undefined;
      this.host.message(undefined);
      return;
    } else if (key?.name === 'enter') {
      this.prompt = undefined;
      const query = prompt.text || scroll.view.search?.query;
      if (!query) {
        this.host.message(undefined);
        return;
      }
      this.report(scroll.view.find({ query, forward: prompt.forward }));
      this.host.changed(pane);
      return;
    } else if (key?.name === 'backspace') {
      prompt.text = [...prompt.text].slice(0, -1).join('');
    } else if (key?.ctrl && key.name === 'u') {
      prompt.text = '';
    } else if (key?.char !== undefined && !key.ctrl && !key.alt && prompt.text.length < MAX_QUERY_CHARS) {
      prompt.text += key.char;
    }
    this.showPrompt(prompt);
  }

  private showPrompt(prompt: Prompt): void {
    const direction = prompt.forward ? 'newer' : 'older';
    this.host.message(`${prompt.forward ? '/' : '?'}${prompt.text}▏  (search toward ${direction} output: Enter searches, Esc cancels)`, 'question');
  }

  private report(result: SearchResult): void {
    if (!result.found) {
      this.host.message(`"${result.query}": no match`, 'error');
      return;
    }
    const wrapped = result.wrapped ? ' (search wrapped around)' : '';
    this.host.message(`"${result.query}": match ${result.index} of ${result.count}${wrapped}`, 'info');
  }
}
