// Frames to a terminal that says what it has drawn (DSR after each frame): while a frame is on its way
// unanswered for longer than DRAWN_IN_FLIGHT_MS (or DRAWN_IN_FLIGHT_BYTES of them), later frames are skipped, and the newest screen is
// drawn as soon as the answer comes; a terminal that never answers, or stops, is paced as before.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BIG_FRAME_INTERVAL_MS, DRAWN_ANSWER_GIVE_UP_MS, DRAWN_IN_FLIGHT_BYTES, DRAWN_IN_FLIGHT_MS } from '../../../src/limits.js';
import { ClientFrames } from '../../../src/server/session/clientFrames.js';
import { DRAWN_ANSWER, DRAWN_QUESTION } from '../../../src/server/session/drawnAck.js';
import type { Painter } from '../../../src/server/session/painter.js';

/** The screen's content: a counter a flooding pane moves on; a frame carries the newest value. */
let screen = 0;
let drawnScreen = -1;
/** Everything written to the terminal, in order: frames as `frame:N`, questions as they are. */
let written: string[] = [];

const painter = {
  chromeIsPending: false,
  isSmall: () => false,
  canDraw: () => true,
  retryDelay: () => undefined,
} as unknown as Painter;

function frames(): ClientFrames {
  return new ClientFrames(painter, {
    render: () => {
      if (drawnScreen === screen) return '';
      drawnScreen = screen;
      return `frame:${screen}`;
    },
    send: (bytes) => written.push(bytes),
    painted: () => {},
    backlog: () => 0,
    onceDrained: (callback) => queueMicrotask(callback),
  });
}

/** A pane floods for `ms`: the screen changes every millisecond and asks for a frame. */
function flood(client: ClientFrames, ms: number): void {
  for (let i = 0; i < ms; i++) {
    screen++;
    client.request();
    vi.advanceTimersByTime(1);
  }
}

const framesSent = () => written.filter((bytes) => bytes.startsWith('frame:'));
const questions = () => written.filter((bytes) => bytes === DRAWN_QUESTION).length;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'queueMicrotask', 'performance'] });
  screen = 0;
  drawnScreen = -1;
  written = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('frames paced by what the terminal has drawn', () => {
  it('asks after each frame, and once the terminal answers, skips frames while one is on its way', () => {
    const client = frames();
    client.request();
    expect(written).toEqual(['frame:0', DRAWN_QUESTION]);
    expect(client.reply(DRAWN_ANSWER)).toBe(true);

    // A thin line: the terminal does not answer for a second while the pane floods.
    flood(client, 1000);
    // One frame went out right away, maybe a second within DRAWN_IN_FLIGHT_MS of it; then nothing until an answer.
    const sentWhileUnanswered = framesSent().length - 1;
    expect(sentWhileUnanswered).toBeGreaterThanOrEqual(1);
    expect(sentWhileUnanswered).toBeLessThanOrEqual(1 + Math.ceil(DRAWN_IN_FLIGHT_MS / BIG_FRAME_INTERVAL_MS));
    expect(questions()).toBe(framesSent().length);

    // The terminal has drawn them: the newest screen goes out at once, not the ones skipped.
    const before = framesSent().length;
    for (let i = 0; i < sentWhileUnanswered; i++) client.reply(DRAWN_ANSWER);
    vi.advanceTimersByTime(0);
    expect(framesSent().length).toBe(before + 1);
    expect(framesSent().at(-1)).toBe(`frame:${screen}`);
    client.dispose();
  });

  it('holds small frames drawn at once after a key (possible echoes) once DRAWN_IN_FLIGHT_BYTES are unanswered', () => {
    const frameBytes = 4 << 10;
    const client = new ClientFrames({ ...painter, isSmall: () => true } as unknown as Painter, {
      render: () => {
        if (drawnScreen === screen) return '';
        drawnScreen = screen;
        return `frame:${screen}`.padEnd(frameBytes, '.');
      },
      send: (bytes) => written.push(bytes),
      painted: () => {},
      backlog: () => 0,
      onceDrained: (callback) => queueMicrotask(callback),
    });
    client.request();
    client.reply(DRAWN_ANSWER);
    // A key, then a flood's small slices within the echo window and well within DRAWN_IN_FLIGHT_MS: no answer meanwhile.
    client.noteInput();
    flood(client, DRAWN_IN_FLIGHT_MS - 1);
    const unansweredBytes = (framesSent().length - 1) * frameBytes;
    expect(unansweredBytes).toBeGreaterThanOrEqual(DRAWN_IN_FLIGHT_BYTES);
    expect(unansweredBytes).toBeLessThan(DRAWN_IN_FLIGHT_BYTES + frameBytes);
    client.dispose();
  });

  it('keeps today\'s pacing for a terminal that never answers, asking it only once', () => {
    const client = frames();
    flood(client, 1000);
    // About one frame per BIG_FRAME_INTERVAL_MS, as without any question.
    expect(framesSent().length).toBeGreaterThan(1000 / BIG_FRAME_INTERVAL_MS / 2);
    expect(questions()).toBe(1);
    client.dispose();
  });

  it('gives up on a terminal that stops answering, and paces by its answers again once the late ones come', () => {
    const client = frames();
    client.request();
    client.reply(DRAWN_ANSWER);
    flood(client, DRAWN_ANSWER_GIVE_UP_MS - 100);
    const held = framesSent().length;
    expect(held).toBeLessThanOrEqual(3);
    // Past the give-up time frames flow again, as for a terminal that never answered.
    flood(client, 1000);
    expect(framesSent().length).toBeGreaterThan(held + 1000 / BIG_FRAME_INTERVAL_MS / 2);
    // Its late answers all come in: the next frame goes out, and then frames wait for answers again.
    const unanswered = questions() - 1;
    for (let i = 0; i < unanswered; i++) client.reply(DRAWN_ANSWER);
    vi.advanceTimersByTime(BIG_FRAME_INTERVAL_MS);
    const resumed = framesSent().length;
    flood(client, 1000);
    expect(framesSent().length - resumed).toBeLessThanOrEqual(2);
    client.dispose();
  });

  it('takes only the status answer as its own; other replies go on to the color probe and keyboard', () => {
    const client = frames();
    expect(client.reply(DRAWN_ANSWER)).toBe(true); // unasked-for (a pane's passthrough query): dropped, not a pane's
    expect(client.reply('\x1b[?1u')).toBe(false);
    expect(client.reply('\x1b]11;rgb:0000/0000/0000\x1b\\')).toBe(false);
    expect(client.reply('\x1b[3n')).toBe(false);
    client.dispose();
  });
});
