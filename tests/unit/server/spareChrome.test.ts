// The warm-up's chrome waits as the spare, and the first client takes it, drawn with its own model;
// the warm-up never draws into a chrome a client took.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChromeModel } from '../../../src/app/chromeModel.js';
import { WARM_UP_DELAY_MS, WARM_UP_FIRST_ROUNDS_DELAY_MS } from '../../../src/limits.js';
import { disposeSpareChrome, isSpareChrome, offerSpareChrome, takeChrome } from '../../../src/server/session/spareChrome.js';
import { OffscreenChrome } from '../../../src/app/offscreenChrome.js';
import { warmUpWhenIdle } from '../../../src/server/process/warmUp.js';
import { Painter } from '../../../src/server/session/painter.js';

function clientModel(title: string): ChromeModel {
  return {
    cols: 60,
    rows: 10,
    headers: [{ id: 1, rect: { x: 0, y: 0, width: 60, height: 1 }, title, status: 'idle', focused: true, zoomed: false, attention: false }],
    dividers: [],
    status: { workspace: 'mine', paneCount: 1, prefixPending: false, prefixLabel: 'C-\\', hintKeys: {}, needYou: 0 },
    overlay: { kind: 'none' },
  };
}

describe('the spare chrome', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] }));
  afterEach(() => {
    vi.useRealTimers();
    disposeSpareChrome();
  });

  it('is made by the warm-up and taken by the first client, drawn with the client’s model', async () => {
    let attached = false;
    const cancel = warmUpWhenIdle({ hasClients: () => attached, lastConnectionAt: () => 0 });
    await vi.advanceTimersByTimeAsync(WARM_UP_FIRST_ROUNDS_DELAY_MS + 1);
    const chrome = takeChrome(clientModel('bash ~/project'));
    attached = true;
    expect(isSpareChrome(chrome)).toBe(false);
    expect(chrome.text).toContain('bash ~/project');
    expect(chrome.text).toContain('mine');
    expect(chrome.text).not.toContain('warm-up');
    // Later warm-up rounds leave the client's chrome alone.
    await vi.advanceTimersByTimeAsync(WARM_UP_DELAY_MS * 3);
    expect(chrome.text).toContain('bash ~/project');
    cancel();
    chrome.dispose();
  });

  it('is a new chrome when none is waiting, and only one waits at a time', () => {
    const first = takeChrome(clientModel('first'));
    expect(first.text).toContain('first');
    const older = new OffscreenChrome(clientModel('older'));
    const newer = new OffscreenChrome(clientModel('newer'));
    offerSpareChrome(older);
    offerSpareChrome(newer);
    expect(isSpareChrome(older)).toBe(false);
    expect(takeChrome(clientModel('taken'))).toBe(newer);
    expect(newer.text).toContain('taken');
    first.dispose();
    newer.dispose();
  });

  it('is what a client that left drew, for the next client', () => {
    const leaving = new Painter(60, 10, true);
    leaving.updateChrome({ ...clientModel('first client'), overlay: { kind: 'none' } });
    leaving.dispose();
    const next = takeChrome(clientModel('second client'));
    expect(next.text).toContain('second client');
    expect(next.text).not.toContain('first client');
    const third = takeChrome(clientModel('third'));
    expect(third).not.toBe(next);
    next.dispose();
    third.dispose();
  });
});
