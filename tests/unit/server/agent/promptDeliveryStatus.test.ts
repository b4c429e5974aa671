// What `tessera explain` says about an initial prompt: what it still waits for, then that it went out.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PromptDelivery } from '../../../../src/server/agent/promptDelivery.js';
import { PROMPT_SETTLE_MS, PROMPT_SUBMIT_MAX_WAIT_MS } from '../../../../src/agents/promptTimings.js';

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
