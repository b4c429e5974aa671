// Timings and limits for handing an agent its initial prompt, each with the reason for its value.

/**
 * How long the detector must have said `idle` before the prompt is pasted. The CLIs attach key handlers after
 * painting, so keys sent the instant the prompt box appears can be lost (claude ignored a key that way; the agent
 * tests wait for 250 ms of stillness), and 400 ms leaves room for a slow first paint.
 */
export const PROMPT_SETTLE_MS = 400;

/**
 * Stillness of the agent's screen, after it showed the pasted prompt, before the Enter that submits it: gemini
 * 0.61.0 reads an Enter within 30 ms (FAST_RETURN_TIMEOUT) of other input as a newline, not a submission, and a
 * loaded machine can make it read the paste late, so the pause is counted from what it shows, not from the paste.
 */
export const PROMPT_SUBMIT_DELAY_MS = 100;

/** The Enter goes at the latest this long after the paste, even if the agent never showed it (some draw nothing). */
export const PROMPT_SUBMIT_MAX_WAIT_MS = 3000;

/** Largest initial prompt, in UTF-8 bytes: enough for a long task description, small enough to paste in one go. */
export const MAX_PROMPT_BYTES = 100 * 1024;

/**
 * An initial prompt still not handed over this long after the pane started is marked in the pane's header
 * ("prompt waiting"): the agent's idle input box was not recognized (a changed CLI, a dialog tessera has no rule
 * for), and only `tessera explain` would say so otherwise. Agents show their input box within seconds; a slow
 * first start (an update, a login check) can take ~10 s.
 */
export const PROMPT_OVERDUE_MS = 20_000;

/**
 * After the Enter that submits the initial prompt, the agent should leave idle (start its turn) within this long; if
 * it still shows idle, the Enter was dropped (Gemini CLI on a loaded machine kept 'make marker 7' in its input box for
 * three minutes) and is pressed again. Only while the agent has shown nothing but idle since: an Enter never goes to
 * a question or dialog.
 */
export const PROMPT_ENTER_CONFIRM_MS = 10_000;

/** How many times the Enter is pressed again at most (an empty input box ignores an Enter, so a spare one is harmless). */
export const PROMPT_ENTER_RETRIES = 2;
