// The Ink chrome rendered off-screen: headers, dividers, status bar and help land where the layout says.

import { describe, expect, it } from 'vitest';
import type { ChromeModel } from '../../../src/app/chromeModel.js';
import { OffscreenChrome } from '../../../src/app/offscreenChrome.js';
import { helpOverlayRect } from '../../../src/app/overlayGeometry.js';
import { ansiToCells } from '../../../src/term/ansiToCells.js';

function model(overrides: Partial<ChromeModel> = {}): ChromeModel {
  return {
    cols: 60,
    rows: 10,
    headers: [
      { id: 1, rect: { x: 0, y: 0, width: 30, height: 1 }, title: 'bash ~/src', status: 'idle', focused: true, zoomed: false, attention: false },
      { id: 2, rect: { x: 31, y: 0, width: 29, height: 1 }, title: 'vim a-very-long-file-name.ts', status: 'error', exitCode: 2, focused: false, zoomed: false, attention: false },
    ],
    dividers: [{ x: 30, y: 0, width: 1, height: 9 }],
    status: { workspace: 'main', paneCount: 2, prefixPending: false, prefixLabel: 'C-\\', hintKeys: { help: '?', detach: 'd' }, needYou: 0 },
    overlay: { kind: 'none' },
    ...overrides,
  };
}

function rows(chrome: OffscreenChrome, m: ChromeModel): string[] {
  const grid = ansiToCells(chrome.text, m.cols, m.rows);
  return Array.from({ length: m.rows }, (_, y) => grid.rowText(y));
}

describe('offscreen chrome', () => {
  it('draws each header in its rectangle with the pill at its right end, and the status bar', () => {
    const m = model();
    const chrome = new OffscreenChrome(m);
    const screen = rows(chrome, m);
    expect(screen[0].slice(0, 30)).toMatch(/^● 1 bash ~\/src\s+ idle $/);
    expect(screen[0][30]).toBe('│');
    expect(screen[0].slice(31)).toMatch(/^● 2 vim a-very-lon… exited 2 $/);
    expect(screen[5][30]).toBe('│');
    expect(screen[9]).toMatch(/^ main {2}2 panes .*C-\\ \? help {2}C-\\ d detach $/);
    chrome.dispose();
  });

  it('keeps the exit status on a header too narrow for the pill', () => {
    const m = model({
      headers: [{ id: 7, rect: { x: 0, y: 0, width: 14, height: 1 }, title: 'npm test --watch', status: 'error', exitCode: 1, focused: false, zoomed: false, attention: false }],
      dividers: [],
    });
    const chrome = new OffscreenChrome(m);
    expect(rows(chrome, m)[0].slice(0, 14)).toMatch(/^● 7 \[1\] npm t…/);
    chrome.dispose();
  });

  it('re-renders only when the model changes, and shows a message instead of the hints', () => {
    const m = model();
    const chrome = new OffscreenChrome(m);
    expect(chrome.update(m).changed).toBe(false);
    const withMessage = model({ status: { ...m.status, message: { text: 'pane 2 is too small', tone: 'error' } } });
    expect(chrome.update(withMessage).changed).toBe(true);
    const screen = rows(chrome, withMessage);
    expect(screen[9]).toContain('pane 2 is too small');
    expect(screen[9]).not.toContain('detach');
    chrome.dispose();
  });

  it('covers whatever is underneath with the help overlay', () => {
    const bindings = [{ keys: 'z', description: 'zoom' }];
    const rect = helpOverlayRect(60, 9, bindings);
    const m = model({ overlay: { kind: 'help', prefix: 'C-\\', bindings, rect, offset: 0 } });
    const chrome = new OffscreenChrome(m);
    const screen = rows(chrome, m);
    const inside = screen.slice(rect.y + 1, rect.y + rect.height - 1).map((r) => r.slice(rect.x + 1, rect.x + rect.width - 1));
    expect(inside.join('\n')).not.toContain('│');
    expect(inside.join('\n')).toContain('zoom');
    chrome.dispose();
  });
});
