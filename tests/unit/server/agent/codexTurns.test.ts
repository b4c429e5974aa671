// Which conversation a turn-complete from codex's notify program belongs to: the pane's own (its turn ended) or the
// side one that writes the session's title, which 0.169.0 completes while the real turn still works.

import { describe, expect, it } from 'vitest';
import type { ChannelReport } from '../../../../src/agents/signals/channelReport.js';
import { codexTurnReport } from '../../../../src/server/agent/codexTurns.js';

const MAIN = '01a2411e-aae8-7463-b68b-bcbab86d71c8';
const TITLE_THREAD = '01a2411e-ad35-7b03-9140-04d05860d004';
const turn = (thread?: string): ChannelReport => ({ source: 'codex', event: 'agent-turn-complete', ...(thread === undefined ? {} : { detail: thread }), text: 'Done.' });

/** The pane's conversation: `known` now, `found` once read again. */
function conversation(known: string | undefined, found: string | undefined) {
  let id = known;
  let reads = 0;
  return {
    current: () => id,
    refresh: async () => {
      reads += 1;
      id = found;
    },
    get reads() {
      return reads;
    },
  };
}

describe('codex turn-complete', () => {
  it("of the pane's known conversation: the main thread, without reading again", async () => {
    const known = conversation(MAIN, undefined);
    expect(await codexTurnReport(turn(MAIN), known)).toEqual({ ...turn(MAIN), detail: 'main-thread' });
    expect(known.reads).toBe(0);
  });

  it('of a conversation not known yet (the first turn, or after /clear): read again once, then compared', async () => {
    const first = conversation(undefined, MAIN);
    expect((await codexTurnReport(turn(MAIN), first)).detail).toBe('main-thread');
    expect(first.reads).toBe(1);
  });

  it("of the title's side conversation, or with no thread id: a side thread (no state)", async () => {
    const known = conversation(MAIN, MAIN);
    expect((await codexTurnReport(turn(TITLE_THREAD), known)).detail).toBe('side-thread');
    expect((await codexTurnReport(turn(), conversation(undefined, undefined))).detail).toBe('side-thread');
  });

  it('any other report passes as it is', async () => {
    const other: ChannelReport = { source: 'claude', event: 'Stop' };
    expect(await codexTurnReport(other, conversation(undefined, MAIN))).toBe(other);
    const title: ChannelReport = { source: 'codex', event: 'title', detail: 'working' };
    expect(await codexTurnReport(title, conversation(undefined, MAIN))).toBe(title);
  });
});
