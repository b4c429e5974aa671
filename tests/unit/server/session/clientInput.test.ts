// A client's input: a lone ESC becomes the Escape key soon, but a terminal's reply that arrives in two
// parts (over SSH, on a loaded machine) is put back together, and never typed into a pane.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ESCAPE_TIMEOUT_MS, SEQUENCE_REST_TIMEOUT_MS } from '../../../../src/limits.js';
import { ClientInput, type InputSink } from '../../../../src/server/session/clientInput.js';
import type { KeyToken } from '../../../../src/term/keys/decode.js';
import { encodeForPane } from '../../../../src/term/keys/encode.js';

const ESC = '\x1b';
/** What the focused pane would be sent for these tokens. */
const typedIntoPane = (tokens: KeyToken[]) => tokens.map((t) => encodeForPane(t, { applicationCursorKeys: false, bracketedPaste: false })).join('');

function recorder(expecting = false): InputSink & { replies: string[]; routed: KeyToken[] } {
  const replies: string[] = [];
  const routed: KeyToken[] = [];
  const sink = { replies, routed, typed: () => undefined, reply: (raw: string) => replies.push(raw), focus: () => undefined };
  return { ...sink, expectingReplies: () => expecting, route: (tokens) => routed.push(...tokens) };
}

describe('ClientInput', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('takes the terminal answering "drawn" as no typing (the next frame is no echo), a key with it as typing', () => {
    let typed = 0;
    const sink = { ...recorder(), typed: () => void typed++ };
    const input = new ClientInput(sink);
    input.feed(`${ESC}[0n`);
    input.feed(`${ESC}[0n${ESC}[0n`);
    expect(typed).toBe(0);
    expect(sink.replies).toEqual([`${ESC}[0n`, `${ESC}[0n`, `${ESC}[0n`]);
    input.feed(`${ESC}[0nq`);
    expect(typed).toBe(1);
    expect(typedIntoPane(sink.routed)).toBe('q');
  });

  it('resolves a lone ESC as the Escape key after the short timeout', () => {
    const sink = recorder();
    const input = new ClientInput(sink);
    input.feed(ESC);
    vi.advanceTimersByTime(ESCAPE_TIMEOUT_MS);
    expect(sink.routed.map((t) => t.key?.name)).toEqual(['escape']);
  });

  it('waits for the rest of a color reply that came in two parts, and types nothing of it', () => {
    const sink = recorder();
    const input = new ClientInput(sink);
    input.feed(`${ESC}]10;rgb:d0d0/d0`);
    vi.advanceTimersByTime(ESCAPE_TIMEOUT_MS * 8);
    expect(sink.routed).toEqual([]);
    input.feed(`d0/d0d0${ESC}\\`);
    expect(sink.replies).toEqual([`${ESC}]10;rgb:d0d0/d0d0/d0d0${ESC}\\`]);
    expect(typedIntoPane(sink.routed)).toBe('');
  });

  it('waits longer for what a lone ESC begins while answers from the terminal are still coming', () => {
    const sink = recorder(true);
    const input = new ClientInput(sink);
    input.feed(ESC);
    vi.advanceTimersByTime(ESCAPE_TIMEOUT_MS * 8);
    expect(sink.routed).toEqual([]);
    input.feed(`]11;rgb:0000/0000/0000${ESC}\\`);
    expect(sink.replies).toEqual([`${ESC}]11;rgb:0000/0000/0000${ESC}\\`]);
    // And an Escape pressed then still counts, a little later.
    input.feed(ESC);
    vi.advanceTimersByTime(SEQUENCE_REST_TIMEOUT_MS);
    expect(sink.routed.filter((t) => t.kind === 'key').map((t) => t.key?.name)).toEqual(['escape']);
  });

  it('gives up on a reply that never ends without typing it into a pane', () => {
    const sink = recorder();
    const input = new ClientInput(sink);
    input.feed(`${ESC}]11;rgb:0000/00`);
    vi.advanceTimersByTime(SEQUENCE_REST_TIMEOUT_MS);
    expect(sink.replies).toEqual([`${ESC}]11;rgb:0000/00`]);
    expect(typedIntoPane(sink.routed)).toBe('');
  });
});
