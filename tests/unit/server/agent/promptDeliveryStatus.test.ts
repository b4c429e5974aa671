// What `tessera explain` says about an initial prompt: what it still waits for, then that it went out;
// and when it counts as overdue (the pane's header says so).

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PromptDelivery } from '../../../../src/server/agent/promptDelivery.js';
import { PROMPT_ENTER_CONFIRM_MS, PROMPT_ENTER_RETRIES, PROMPT_OVERDUE_MS, PROMPT_SETTLE_MS, PROMPT_SUBMIT_MAX_WAIT_MS } from '../../../../src/agents/promptTimings.js';

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
afterEach(() => vi.useRealTimers());

describe('PromptDelivery.status', () => {
  it('goes from waiting for idle, through waiting for bracketed paste, to delivered', () => {
    let pasteMode = false;
    const written: string[] = [];
    const delivery = new PromptDelivery('fix it', { bracketedPaste: () => pasteMode, write: (data) => written.push(data) });
    delivery.stateChanged('starting');
    expect(delivery.status()).toBe('waiting for the agent to show its idle input box');
    delivery.stateChanged('idle');
    expect(delivery.status()).toBe('waiting for the idle screen to hold still');
    vi.advanceTimersByTime(PROMPT_SETTLE_MS + 10);
    expect(delivery.status()).toBe('waiting for the agent to turn on bracketed paste');
    expect(written).toEqual([]);
    pasteMode = true;
    delivery.screenChanged();
    vi.advanceTimersByTime(PROMPT_SETTLE_MS + 10);
    expect(written).toHaveLength(1);
    expect(delivery.status()).toBe('pasted; Enter follows once the agent has shown it');
    vi.advanceTimersByTime(PROMPT_SUBMIT_MAX_WAIT_MS + 10);
    expect(written).toEqual(['\x1b[200~fix it\x1b[201~', '\r']);
    expect(delivery.status()).toBe('delivered');
  });
});

describe('PromptDelivery.overdue', () => {
  it('turns overdue once PROMPT_OVERDUE_MS pass without the prompt going out, and back when it goes out late', () => {
    let changes = 0;
    const written: string[] = [];
    const delivery = new PromptDelivery('fix it', { bracketedPaste: () => true, write: (data) => written.push(data) }, () => changes++);
    delivery.stateChanged('starting');
    vi.advanceTimersByTime(PROMPT_OVERDUE_MS - 1);
    expect(delivery.overdue).toBe(false);
    expect(changes).toBe(0);
    vi.advanceTimersByTime(1);
    expect(delivery.overdue).toBe(true);
    expect(changes).toBe(1);
    delivery.stateChanged('idle');
    vi.advanceTimersByTime(PROMPT_SETTLE_MS + 10);
    expect(written).toEqual(['\x1b[200~fix it\x1b[201~']);
    expect(delivery.overdue).toBe(false);
    expect(changes).toBe(2);
  });

  it('never turns overdue when the prompt went out in time, or the pane ended first', () => {
    let changes = 0;
    const onTime = new PromptDelivery('fix it', { bracketedPaste: () => true, write: () => {} }, () => changes++);
    onTime.stateChanged('idle');
    vi.advanceTimersByTime(PROMPT_SETTLE_MS + 10);
    const ended = new PromptDelivery('fix it', { bracketedPaste: () => true, write: () => {} }, () => changes++);
    ended.dispose();
    vi.advanceTimersByTime(PROMPT_OVERDUE_MS * 2);
    expect([onTime.overdue, ended.overdue, changes]).toEqual([false, false, 0]);
  });
});

describe('PromptDelivery: an Enter the agent did not act on', () => {
  const PASTE = '\x1b[200~fix it\x1b[201~';
  /** A delivery whose paste and Enter went out, the agent idle throughout. */
  const delivered = () => {
    const written: string[] = [];
    const delivery = new PromptDelivery('fix it', { bracketedPaste: () => true, write: (data) => written.push(data) });
    delivery.stateChanged('idle');
    vi.advanceTimersByTime(PROMPT_SETTLE_MS + 10);
    vi.advanceTimersByTime(PROMPT_SUBMIT_MAX_WAIT_MS + 10);
    expect(written).toEqual([PASTE, '\r']);
    return { delivery, written };
  };

  it('is pressed again while the agent stays idle, at most PROMPT_ENTER_RETRIES times', () => {
    const { delivery, written } = delivered();
    // The Enter went a few ms before delivered() returned.
    vi.advanceTimersByTime(PROMPT_ENTER_CONFIRM_MS - 20);
    expect(written).toHaveLength(2);
    vi.advanceTimersByTime(20);
    expect(written).toEqual([PASTE, '\r', '\r']);
    vi.advanceTimersByTime(PROMPT_ENTER_CONFIRM_MS * 10);
    expect(written).toEqual([PASTE, ...Array<string>(1 + PROMPT_ENTER_RETRIES).fill('\r')]);
    expect(delivery.status()).toBe(`delivered; Enter pressed ${PROMPT_ENTER_RETRIES} more times (the agent stayed idle)`);
  });

  it('is not pressed again once the agent showed anything but idle: running, or a question', () => {
    for (const next of ['running', 'approval'] as const) {
      const { delivery, written } = delivered();
      delivery.stateChanged(next);
      delivery.stateChanged('idle');
      vi.advanceTimersByTime(PROMPT_ENTER_CONFIRM_MS * 10);
      expect(written).toEqual([PASTE, '\r']);
      expect(delivery.status()).toBe('delivered');
    }
  });
});
