// Every deadline the agent harness and tests use, each with the reason for its value.

/**
 * A real CLI's first screen on this 2-core machine (claude and opencode load 200–370 MB binaries;
 * opencode's first start in fresh folders took over 75 s with the machine's load at 17).
 */
export const START_TIMEOUT_MS = 120_000;
/** One model turn against the local fake model, including the CLI's own bookkeeping (slow under load). */
export const TURN_TIMEOUT_MS = 60_000;
/** Typed text shows up in the prompt box. */
export const ECHO_TIMEOUT_MS = 15_000;
/** Between SIGTERM to an agent's process group and SIGKILL. */
export const KILL_GRACE_MS = 2_000;
/** Slow-mode delay: long enough that the test interrupts the turn before the model ever answers. */
export const SLOW_TURN_MS = 60_000;
/** How often the file system is checked while waiting for a marker file (nothing to subscribe to). */
export const FILE_POLL_MS = 50;
/** Screen stillness before a key press: CLIs attach key handlers after painting, and gemini reads Enter within 30 ms of other keys as a paste. */
export const INPUT_SETTLE_MS = 250;
/** Longest a screen that should be still may keep changing (a clock, a spinner) before the test gives up. */
export const SETTLE_TIMEOUT_MS = 30_000;
