// Checks on the values of launch options, so a model name or session id can never be read as a flag.

import { visibleText } from '../../term/visibleText.js';

/** Longest model name or session id accepted; real ones are far shorter, longer is a paste accident. */
const MAX_VALUE_LENGTH = 200;
/** No whitespace or control characters (a model or id is one word); the first character is not `-`. */
const ONE_WORD = /^[^\s\x00-\x1f\x7f-\x9f-][^\s\x00-\x1f\x7f-\x9f]*$/;

export type ValueCheck = { ok: true } | { ok: false; message: string };

function checkWord(what: string, value: string): ValueCheck {
  if (value === '') return { ok: false, message: `The ${what} is empty: leave it unset to use the agent's default` };
  if (value.length > MAX_VALUE_LENGTH) return { ok: false, message: `The ${what} is longer than ${MAX_VALUE_LENGTH} characters` };
  if (!ONE_WORD.test(value)) {
    return { ok: false, message: `The ${what} '${visibleText(value)}' must be one word that does not start with '-'` };
  }
  return { ok: true };
}

export const checkModel = (model: string): ValueCheck => checkWord('model', model);
export const checkSessionId = (id: string): ValueCheck => checkWord('session id', id);
