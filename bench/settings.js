// Every size, timing and repetition count of the benchmark, each with the reason for its value.

/** The outer terminal a user would have: wide enough for four agents side by side. */
export const OUTER_COLS = 200;
export const OUTER_ROWS = 50;
export const OUTER_TERM = 'xterm-256color';
/** The outer emulator keeps little history: figures only look at the visible screen. */
export const OUTER_SCROLLBACK = 100;

/** Bytes the outer emulator may have unparsed before the outer PTY is paused, as a real terminal would stop reading. */
export const OUTER_HIGH_WATERMARK = 4 << 20;
/** Unparsed bytes below which the outer PTY is resumed. */
export const OUTER_LOW_WATERMARK = 1 << 20;
/** Shortest time between two searches of the outer screen while output streams; bounds the error of "visible at" times. */
export const SCREEN_CHECK_INTERVAL_MS = 4;

/** History lines per pane: tessera's DEFAULT_SCROLLBACK_LINES; bench/tmux.conf sets history-limit to the same. */
export const HISTORY_LINES = 5000;

/** The prompt of every benchmark shell, so "the prompt is visible" can be recognised on the screen. */
export const BENCH_PROMPT = 'tbench$ ';
/** The session / workspace name used on every benchmark server. */
export const SESSION_NAME = 'bench';

/** A control command (split, list-panes, send-keys …) that takes longer than this is hung. */
export const CLI_TIMEOUT_MS = 15_000;
/** Attaching the outer terminal and seeing the first pane sized to it. */
export const ATTACH_TIMEOUT_MS = 15_000;
/** Every shell of a fresh session showing its prompt. */
export const PROMPTS_TIMEOUT_MS = 20_000;
/** A pane is "sized to the attached client" once it is at least this wide (a detached session is often 80 wide). */
export const ATTACHED_MIN_PANE_COLS = 120;
/** Polling interval for control-command state (list-panes, capture-pane) while waiting. */
export const CONTROL_POLL_MS = 50;

/** Waiting for the pane commands of a start gate to block on their FIFOs. */
export const GATE_READY_TIMEOUT_MS = 20_000;
/** How often a gate's FIFO is probed for a waiting reader. */
export const GATE_POLL_MS = 5;

/** Waiting for one key's echo; longer than any plausible latency, short enough that a lost key does not stall a run. */
export const KEY_ECHO_TIMEOUT_MS = 2_000;
/** Pause between one key's echo and the next key while another pane floods. */
export const KEY_GAP_MS = 15;
/** Pause between one key's echo and the next key when idle: each key meets a multiplexer that has gone quiet. */
export const IDLE_KEY_GAP_MS = 100;
/** Fast typing: a key every this many ms whatever the echoes do (key repeat is 25–40 per second). */
export const TYPING_KEY_INTERVAL_MS = 15;
/** After starting `yes` in the other pane, time for the flood to reach its steady state. */
export const FLOOD_SETTLE_MS = 1_000;

/** The thin line of the thin-line scenario: 2 Mbit/s with 1 MB in flight, an SSH session over a slow link. */
export const THIN_LINE = { bytesPerSecond: 250_000, inFlightBytes: 1 << 20 };
/** A flood fills that line within this (1 MB at 250 KB/s is 4 s; tessera keeps it from filling). */
export const THIN_LINE_SETTLE_MS = 5_000;
/** One echo over the thin line may take this long: a full line holds it back ~4 s. */
export const THIN_LINE_ECHO_TIMEOUT_MS = 30_000;

/** After all idle prompts show, time for startup redraws to finish before idle is measured. */
export const IDLE_SETTLE_MS = 2_000;
/** Idle measurement window (the issue asks for 10 s). */
export const IDLE_WINDOW_MS = 10_000;

/** The agent-like workload: a 90×20 TUI repainted at 30 fps. */
export const TUI_COLS = 90;
export const TUI_ROWS = 20;
export const TUI_FPS = 30;
/** The workload keeps painting this long after the measurement window so the window never sees it stop. */
export const TUI_TAIL_SECONDS = 2;

/** After a memory fill is visible, time for the server to finish parsing and settle before RSS is read. */
export const MEMORY_SETTLE_MS = 1_500;
/** Each memory-fill line is this many columns wide, so it fills the widest pane row by itself. */
export const MEMORY_LINE_WIDTH = OUTER_COLS;
/** Pane counts of the memory scenario: one pane, a busy screen, and far more than fit comfortably. */
export const MEMORY_PANE_COUNTS = [1, 8, 32];
/** Rows printed per pane beyond its history, so the history is surely full (as a fraction of it). */
export const MEMORY_FILL_MARGIN = 0.15;

/** Panes the many-panes scenario's script creates (the "32 panes from a script"). */
export const MANY_PANES = 32;

/** Calls of the control-command scenario (each beside one `node -e 0`). */
export const CONTROL_SAMPLES = 15;

/** A paste whose last line has not shown by then has failed (or froze the server). */
export const PASTE_TIMEOUT_MS = 60_000;
/** During a paste, list-panes is called this often to see whether the server still answers. */
export const PASTE_CONTROL_INTERVAL_MS = 250;
/** During a paste, the probe asks list-panes at the socket this often (no program start in the way). */
export const PASTE_PROBE_INTERVAL_MS = 50;
/** A list-panes without an answer for this long during a paste means the server froze. */
export const PASTE_CONTROL_TIMEOUT_MS = 5_000;

/** How long the multiplexer gets to exit on kill-server before its processes are killed. */
export const KILL_TIMEOUT_MS = 3_000;

/** A 1-minute load average above this means other work competes with the benchmark: the report warns. */
export const BUSY_LOAD_AVERAGE = 0.5;

/** Times `node -e 0` is started to measure Node's own start (the reference of the attach budget). */
export const NODE_START_SAMPLES = 5;

/**
 * What each scenario does and how often, for a full run. Chosen so both multiplexers together
 * finish within ten minutes on a 2-core machine.
 */
export const FULL_PLAN = {
  throughput: { reps: 3, bytes: 20_000_000, deadlineMs: 45_000 },
  busy: { reps: 3, bytes: 20_000_000, deadlineMs: 60_000 },
  floods: { reps: 3, bytesEach: 5_000_000, deadlineMs: 45_000 },
  redraws: { reps: 3, firstSeconds: 5, settleSeconds: 15, seconds: 10, deadlineMs: 60_000 },
  keystroke: { reps: 3, keys: 200, deadlineMs: 45_000 },
  'thin-line': { reps: 2, keys: 30, deadlineMs: 240_000 },
  idle: { reps: 2, deadlineMs: 30_000 },
  memory: { reps: 2, deadlineMs: 240_000 },
  startup: { reps: 5, deadlineMs: 20_000 },
  control: { reps: 2, deadlineMs: 60_000 },
  paste: { reps: 1, bytes: 2_000_000, deadlineMs: 150_000 },
  panes: { reps: 2, panes: MANY_PANES, deadlineMs: 150_000 },
};

/** `--quick`: one repetition and smaller loads, to check the harness itself in about two minutes. */
export const QUICK_PLAN = {
  throughput: { reps: 1, bytes: 5_000_000, deadlineMs: 30_000 },
  busy: { reps: 1, bytes: 5_000_000, deadlineMs: 30_000 },
  floods: { reps: 1, bytesEach: 1_250_000, deadlineMs: 30_000 },
  redraws: { reps: 1, firstSeconds: 2, settleSeconds: 1, seconds: 3, deadlineMs: 30_000 },
  keystroke: { reps: 1, keys: 60, deadlineMs: 30_000 },
  'thin-line': { reps: 1, keys: 10, deadlineMs: 120_000 },
  idle: { reps: 1, deadlineMs: 30_000 },
  memory: { reps: 1, deadlineMs: 240_000 },
  startup: { reps: 2, deadlineMs: 20_000 },
  control: { reps: 1, deadlineMs: 60_000 },
  paste: { reps: 1, bytes: 200_000, deadlineMs: 150_000 },
  panes: { reps: 1, panes: 8, deadlineMs: 150_000 },
};
