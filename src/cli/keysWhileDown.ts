// The keyboard while a host's view waits for its link to come back. The terminal stays raw, so Ctrl-C
// is a key here, not a signal that would end this whole client (and with it the view of this machine
// it came from); nothing typed meanwhile is sent anywhere: the view, once back, gets only what is typed
// after it. The detach key (the prefix, then d) stops trying, as detaching in the view would; Ctrl-C
// stops trying too when there is no view of this machine to go back to (`tessera -H HOST attach`).

import { StringDecoder } from 'node:string_decoder';
import { InputDecoder } from '../term/keys/decode.js';
import { parseKeySpec, type KeyMatcher } from '../term/keys/prefix.js';
import { DEFAULT_SETTINGS } from '../store/settingsDefaults.js';
import { loadSettings } from '../store/settings.js';

/** What stopped the tries: the detach key, or Ctrl-C. */
export type StopKey = 'detach' | 'interrupt';

export interface KeysWhileDown {
  /** Resolves when the user asks to stop trying. */
  readonly stopped: Promise<StopKey>;
  /** What stops trying, for the lines that say the link is down. */
  readonly stopHint: string;
  /** Gives the keyboard back (cooked, not read) for the next view or the end. */
  dispose(): void;
}

/**
 * Reads the keyboard until disposed. `backTo`: the workspace of this machine the detach key goes
 * back to (Ctrl-C is then only a key); `say` prints one line (the terminal is raw: it ends it with CR LF).
 */
export function keysWhileDown(options: { env: NodeJS.ProcessEnv; host: string; backTo?: string; say: (line: string) => void }): KeysWhileDown {
  const stdin = process.stdin;
  const prefix = prefixSpec(options.env);
  const isPrefix = matcher(prefix);
  const isD = matcher('d');
  const isCtrlC = matcher('C-c');
  const interruptStops = options.backTo === undefined;
  const stopHint = interruptStops ? `Ctrl-C or ${prefix} d stops trying` : `${prefix} d goes back to ${options.backTo}`;
  let stop: (key: StopKey) => void = () => {};
  const stopped = new Promise<StopKey>((resolve) => (stop = resolve));
  const text = new StringDecoder('utf8');
  const decoder = new InputDecoder();
  let afterPrefix = false;
  let told = false;
  const onData = (data: Buffer) => {
    for (const token of decoder.feed(text.write(data))) {
      if (token.kind !== 'key') continue; // a paste, a mouse report or the terminal's reply: dropped too, silently
      if (afterPrefix) {
        afterPrefix = false;
        if (isD(token)) return stop('detach');
      } else if (isPrefix(token)) {
        afterPrefix = true;
        continue;
      } else if (interruptStops && isCtrlC(token)) {
        return stop('interrupt');
      }
      if (!told) options.say(`tessera: the link to ${options.host} is down: keys typed now are not sent anywhere; ${stopHint}`);
      told = true;
    }
  };
  setRaw(true);
  stdin.on('data', onData);
  stdin.resume();
  return {
    stopped,
    stopHint,
    dispose() {
      stdin.off('data', onData);
      stdin.pause();
      setRaw(false);
    },
  };
}

/** The prefix of this machine's settings (the user's own), or the default when they cannot be read. */
function prefixSpec(env: NodeJS.ProcessEnv): string {
  const loaded = loadSettings(env);
  const spec = loaded.ok ? loaded.settings.prefix : DEFAULT_SETTINGS.prefix;
  return typeof parseKeySpec(spec) === 'string' ? DEFAULT_SETTINGS.prefix : spec;
}

function matcher(spec: string): KeyMatcher {
  const parsed = parseKeySpec(spec);
  if (typeof parsed === 'string') throw new Error(`key ${spec}: ${parsed}`);
  return parsed;
}

function setRaw(on: boolean): void {
  try {
    if (process.stdin.isTTY) process.stdin.setRawMode(on);
  } catch {
    // the terminal is gone (SIGHUP): nothing to set
  }
}
