// Generated from settings.js by `node bench/tools/emit-types.js`; do not edit.
/** The outer terminal a user would have: wide enough for four agents side by side. */
export const OUTER_COLS: 200;
export const OUTER_ROWS: 50;
export const OUTER_TERM: "xterm-256color";
/** The outer emulator keeps little history: figures only look at the visible screen. */
export const OUTER_SCROLLBACK: 100;
/** Bytes the outer emulator may have unparsed before the outer PTY is paused, as a real terminal would stop reading. */
export const OUTER_HIGH_WATERMARK: number;
/** Unparsed bytes below which the outer PTY is resumed. */
export const OUTER_LOW_WATERMARK: number;
/** Shortest time between two searches of the outer screen while output streams; bounds the error of "visible at" times. */
export const SCREEN_CHECK_INTERVAL_MS: 4;
/** History lines per pane: tessera's DEFAULT_SCROLLBACK_LINES; bench/tmux.conf sets history-limit to the same. */
export const HISTORY_LINES: 5000;
/** The prompt of every benchmark shell, so "the prompt is visible" can be recognised on the screen. */
export const BENCH_PROMPT: "tbench$ ";
/** The session / workspace name used on every benchmark server. */
export const SESSION_NAME: "bench";
/** A control command (split, list-panes, send-keys …) that takes longer than this is hung. */
export const CLI_TIMEOUT_MS: 15000;
/** Attaching the outer terminal and seeing the first pane sized to it. */
export const ATTACH_TIMEOUT_MS: 15000;
/** Every shell of a fresh session showing its prompt. */
export const PROMPTS_TIMEOUT_MS: 20000;
/** A pane is "sized to the attached client" once it is at least this wide (a detached session is often 80 wide). */
export const ATTACHED_MIN_PANE_COLS: 120;
/** Polling interval for control-command state (list-panes, capture-pane) while waiting. */
export const CONTROL_POLL_MS: 50;
/** Waiting for the pane commands of a start gate to block on their FIFOs. */
export const GATE_READY_TIMEOUT_MS: 20000;
/** How often a gate's FIFO is probed for a waiting reader. */
export const GATE_POLL_MS: 5;
/** Waiting for one key's echo; longer than any plausible latency, short enough that a lost key does not stall a run. */
export const KEY_ECHO_TIMEOUT_MS: 2000;
/** Pause between one key's echo and the next key while another pane floods. */
export const KEY_GAP_MS: 15;
/** Pause between one key's echo and the next key when idle: each key meets a multiplexer that has gone quiet. */
export const IDLE_KEY_GAP_MS: 100;
/** Fast typing: a key every this many ms whatever the echoes do (key repeat is 25–40 per second). */
export const TYPING_KEY_INTERVAL_MS: 15;
/** After clearing the prompt line (C-u), time for the redraw to arrive before the next key. */
export const LINE_CLEAR_SETTLE_MS: 100;
/** After starting `yes` in the other pane, time for the flood to reach its steady state. */
export const FLOOD_SETTLE_MS: 1000;
/** After all idle prompts show, time for startup redraws to finish before idle is measured. */
export const IDLE_SETTLE_MS: 2000;
/** Idle measurement window (the issue asks for 10 s). */
export const IDLE_WINDOW_MS: 10000;
/** The agent-like workload: a 90×20 TUI repainted at 30 fps. */
export const TUI_COLS: 90;
export const TUI_ROWS: 20;
export const TUI_FPS: 30;
/** The workload keeps painting this long after the measurement window so the window never sees it stop. */
export const TUI_TAIL_SECONDS: 2;
/** After a memory fill is visible, time for the server to finish parsing and settle before RSS is read. */
export const MEMORY_SETTLE_MS: 1500;
/** Each memory-fill line is this many columns wide, so it fills the widest pane row by itself. */
export const MEMORY_LINE_WIDTH: 200;
/** Pane counts of the memory scenario: one pane, a busy screen, and far more than fit comfortably. */
export const MEMORY_PANE_COUNTS: number[];
/** Rows printed per pane beyond its history, so the history is surely full (as a fraction of it). */
export const MEMORY_FILL_MARGIN: 0.15;
/** Panes the many-panes scenario's script creates (the "32 panes from a script"). */
export const MANY_PANES: 32;
/** Calls of the control-command scenario (each beside one `node -e 0`). */
export const CONTROL_SAMPLES: 15;
/** A paste whose last line has not shown by then has failed (or froze the server). */
export const PASTE_TIMEOUT_MS: 60000;
/** During a paste, list-panes is called this often to see whether the server still answers. */
export const PASTE_CONTROL_INTERVAL_MS: 250;
/** During a paste, the probe asks list-panes at the socket this often (no program start in the way). */
export const PASTE_PROBE_INTERVAL_MS: 50;
/** A list-panes without an answer for this long during a paste means the server froze. */
export const PASTE_CONTROL_TIMEOUT_MS: 5000;
/** How long the multiplexer gets to exit on kill-server before its processes are killed. */
export const KILL_TIMEOUT_MS: 3000;
/** A 1-minute load average above this means other work competes with the benchmark: the report warns. */
export const BUSY_LOAD_AVERAGE: 0.5;
/** Times `node -e 0` is started to measure Node's own start (the reference of the attach budget). */
export const NODE_START_SAMPLES: 5;
export namespace FULL_PLAN {
    namespace throughput {
        let reps: number;
        let bytes: number;
        let deadlineMs: number;
    }
    namespace busy {
        let reps_1: number;
        export { reps_1 as reps };
        let bytes_1: number;
        export { bytes_1 as bytes };
        let deadlineMs_1: number;
        export { deadlineMs_1 as deadlineMs };
    }
    namespace floods {
        let reps_2: number;
        export { reps_2 as reps };
        export let bytesEach: number;
        let deadlineMs_2: number;
        export { deadlineMs_2 as deadlineMs };
    }
    namespace redraws {
        let reps_3: number;
        export { reps_3 as reps };
        export let firstSeconds: number;
        export let settleSeconds: number;
        export let seconds: number;
        let deadlineMs_3: number;
        export { deadlineMs_3 as deadlineMs };
    }
    namespace keystroke {
        let reps_4: number;
        export { reps_4 as reps };
        export let keys: number;
        let deadlineMs_4: number;
        export { deadlineMs_4 as deadlineMs };
    }
    namespace idle {
        let reps_5: number;
        export { reps_5 as reps };
        let deadlineMs_5: number;
        export { deadlineMs_5 as deadlineMs };
    }
    namespace memory {
        let reps_6: number;
        export { reps_6 as reps };
        let deadlineMs_6: number;
        export { deadlineMs_6 as deadlineMs };
    }
    namespace startup {
        let reps_7: number;
        export { reps_7 as reps };
        let deadlineMs_7: number;
        export { deadlineMs_7 as deadlineMs };
    }
    namespace control {
        let reps_8: number;
        export { reps_8 as reps };
        let deadlineMs_8: number;
        export { deadlineMs_8 as deadlineMs };
    }
    namespace paste {
        let reps_9: number;
        export { reps_9 as reps };
        let bytes_2: number;
        export { bytes_2 as bytes };
        let deadlineMs_9: number;
        export { deadlineMs_9 as deadlineMs };
    }
    namespace panes {
        let reps_10: number;
        export { reps_10 as reps };
        export { MANY_PANES as panes };
        let deadlineMs_10: number;
        export { deadlineMs_10 as deadlineMs };
    }
}
export namespace QUICK_PLAN {
    export namespace throughput_1 {
        let reps_11: number;
        export { reps_11 as reps };
        let bytes_3: number;
        export { bytes_3 as bytes };
        let deadlineMs_11: number;
        export { deadlineMs_11 as deadlineMs };
    }
    export { throughput_1 as throughput };
    export namespace busy_1 {
        let reps_12: number;
        export { reps_12 as reps };
        let bytes_4: number;
        export { bytes_4 as bytes };
        let deadlineMs_12: number;
        export { deadlineMs_12 as deadlineMs };
    }
    export { busy_1 as busy };
    export namespace floods_1 {
        let reps_13: number;
        export { reps_13 as reps };
        let bytesEach_1: number;
        export { bytesEach_1 as bytesEach };
        let deadlineMs_13: number;
        export { deadlineMs_13 as deadlineMs };
    }
    export { floods_1 as floods };
    export namespace redraws_1 {
        let reps_14: number;
        export { reps_14 as reps };
        let firstSeconds_1: number;
        export { firstSeconds_1 as firstSeconds };
        let settleSeconds_1: number;
        export { settleSeconds_1 as settleSeconds };
        let seconds_1: number;
        export { seconds_1 as seconds };
        let deadlineMs_14: number;
        export { deadlineMs_14 as deadlineMs };
    }
    export { redraws_1 as redraws };
    export namespace keystroke_1 {
        let reps_15: number;
        export { reps_15 as reps };
        let keys_1: number;
        export { keys_1 as keys };
        let deadlineMs_15: number;
        export { deadlineMs_15 as deadlineMs };
    }
    export { keystroke_1 as keystroke };
    export namespace idle_1 {
        let reps_16: number;
        export { reps_16 as reps };
        let deadlineMs_16: number;
        export { deadlineMs_16 as deadlineMs };
    }
    export { idle_1 as idle };
    export namespace memory_1 {
        let reps_17: number;
        export { reps_17 as reps };
        let deadlineMs_17: number;
        export { deadlineMs_17 as deadlineMs };
    }
    export { memory_1 as memory };
    export namespace startup_1 {
        let reps_18: number;
        export { reps_18 as reps };
        let deadlineMs_18: number;
        export { deadlineMs_18 as deadlineMs };
    }
    export { startup_1 as startup };
    export namespace control_1 {
        let reps_19: number;
        export { reps_19 as reps };
        let deadlineMs_19: number;
        export { deadlineMs_19 as deadlineMs };
    }
    export { control_1 as control };
    export namespace paste_1 {
        let reps_20: number;
        export { reps_20 as reps };
        let bytes_5: number;
        export { bytes_5 as bytes };
        let deadlineMs_20: number;
        export { deadlineMs_20 as deadlineMs };
    }
    export { paste_1 as paste };
    export namespace panes_1 {
        let reps_21: number;
        export { reps_21 as reps };
        let panes_2: number;
        export { panes_2 as panes };
        let deadlineMs_21: number;
        export { deadlineMs_21 as deadlineMs };
    }
    export { panes_1 as panes };
}
