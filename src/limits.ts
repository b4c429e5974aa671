// Every timing and size limit tessera uses, each with the reason for its value.

/** Shortest time between two frames sent to one client (~60 fps): more is invisible and costs CPU. */
export const FRAME_INTERVAL_MS = 16;
/** Shortest time between two big frames (TUIs repainting, floods): 30 fps looks smooth and costs ~30 % less CPU. */
export const BIG_FRAME_INTERVAL_MS = 33;
/** A program's answer to a key (its echo) comes within this; small frames then skip the frame interval. */
export const ECHO_WINDOW_MS = 100;
/** Pane output since the last frame up to this is a small frame (an echo, an input line); a screenful is 10–40 KB. */
export const SMALL_FRAME_BYTES = 4 << 10;
/** How long a pane in synchronized-output mode (DEC 2026) may hold back its frame before we draw anyway. */
export const SYNC_OUTPUT_TIMEOUT_MS = 150;
/** Resizes are coalesced for this long so a dragged terminal edge does not reflow every PTY dozens of times. */
export const RESIZE_DEBOUNCE_MS = 30;
/** A lone ESC is a key press (not the start of a sequence) when nothing follows it within this time. */
export const ESCAPE_TIMEOUT_MS = 25;
/**
 * A sequence the outer terminal has begun past its introducer (`ESC [ 1`, `ESC ] 11;`: a key's
 * sequence or a reply to a query) is waited for this long to end. Over SSH or on a loaded machine its
 * parts can arrive far apart, and a reply's first half must never be typed into a pane as keys.
 */
export const SEQUENCE_REST_TIMEOUT_MS = 1000;

/** Pending bytes in a pane's emulator above which its PTY is paused. */
export const FLOW_HIGH_WATERMARK = 1 << 20;
/** Pending bytes below which a paused PTY is resumed. */
export const FLOW_LOW_WATERMARK = 1 << 17;

/** Largest single write() to a PTY; the kernel takes what fits and the rest waits for the next try. */
export const INPUT_WRITE_CHUNK_BYTES = 64 << 10;
/**
 * Queued input longer than this many characters waits as slices of text, each turned into bytes only
 * when its turn to be written comes: encoding a 50 MB paste at once held the event loop ~100 ms.
 */
export const INPUT_ENCODE_SLICE_CHARS = 256 << 10;
/** Input written to one pane per event-loop turn before other panes, clients and commands get a turn. */
export const INPUT_BYTES_PER_TURN = 256 << 10;
/** First and last wait before writing again to a PTY whose program is not reading (doubles in between). */
export const INPUT_RETRY_MIN_MS = 1;
export const INPUT_RETRY_MAX_MS = 50;
/** Input waiting for one pane above which more is refused: room for pastes of tens of MB, not for unbounded growth. */
export const MAX_QUEUED_INPUT_BYTES = 64 << 20;
/** A paste at least this large shows its progress ("pasting 40%") while it is written. */
export const PASTE_PROGRESS_MIN_BYTES = 256 << 10;
/** The paste progress figure is redrawn at most this often: each redraw renders the chrome, and a paste moves it hundreds of times. */
export const PASTE_PROGRESS_INTERVAL_MS = 250;

/**
 * Work (about one cell each) handed to a pane's emulator in one piece: ~1-5 ms of parsing, so
 * no pane's output holds up others, clients or commands for long. A screenful is the most one
 * control sequence may cost once its counts are clamped.
 */
export const SLICE_WORK_BUDGET = 64 << 10;
/** Parsing of pane output per event-loop turn, across all panes; then sockets and timers get their turn. */
export const PARSE_TURN_BUDGET_MS = 8;
/** The event-loop delay (server-info --loop-delay) is sampled this often: fine enough for a 20 ms p99 budget. */
export const LOOP_DELAY_RESOLUTION_MS = 10;
/** A loop-delay window nobody ends stops sampling after this, so the server is not woken forever. */
export const LOOP_DELAY_MAX_WINDOW_MS = 120_000;
/** The emulator's complaints about malformed output are summarized in the log at most this often per pane. */
export const PARSE_ERROR_REPORT_MS = 60_000;
/**
 * Output put through the clamp at a time, when its turn to be parsed comes (~0.5 ms of scanning).
 * Keep it well below xterm's 128 KB parse buffer (MAX_PARSEBUFFER_LENGTH in 6.0.0): xterm cuts a
 * longer write wherever the 128 KB fall, and a character cut there may be lost (its decoder drops
 * `…` cut after E2 80). The clamp's slices are at most a piece plus a few inserted mode resets.
 */
export const CLAMP_PIECE_BYTES = 16 << 10;
/** Combining characters (accents, marks) kept on one character; real text needs a handful, tmux keeps about as many. */
export const MAX_COMBINING_MARKS = 16;
/** Characters of one cell's text sent to clients (a character and its marks; the rest is not drawn). */
export const MAX_CELL_TEXT = 64;
/** A control sequence still unfinished after this many bytes is dropped (real ones are < 100). */
export const MAX_HELD_SEQUENCE_BYTES = 4096;

/** Default scrollback lines kept per pane; bounds memory per pane. */
export const DEFAULT_SCROLLBACK_LINES = 5000;
/**
 * History lines xterm keeps in full (12 bytes a column, ~400 more a line) before they move to the
 * pane's compact history: a screenful, so a resize still rewraps the most recent output.
 */
export const XTERM_HISTORY_MARGIN = 50;

/** Smallest pane content the layout allows: below this, programs cannot draw anything useful. */
export const MIN_PANE_COLS = 10;
export const MIN_PANE_ROWS = 3;
/** The smallest size ever sent to a PTY (also guards against 0×0 from a hidden or tiny client). */
export const MIN_PTY_COLS = 2;
export const MIN_PTY_ROWS = 1;

/** Grace period between SIGTERM and SIGKILL when a pane's process group is closed. */
export const KILL_GRACE_MS = 2000;
/**
 * How long an opencode lock folder may go without `meta.json` before its maker is taken for dead
 * (src/agents/session/opencodeLocks.ts). opencode writes it within milliseconds of the heartbeat; ten seconds
 * leaves room for a machine stalled under load.
 */
export const OWNERLESS_LOCK_GRACE_MS = 10_000;
/**
 * After a program exits, how long its PTY's stream may take to read what the program wrote last
 * before it is closed anyway (node-pty closed it after 200 ms, dropping that output when the stream
 * was paused by flow control or the machine was loaded; see src/pty/drainAtExit.ts). A few reads
 * take milliseconds even at load 20; the PTY ends only when every process holding it has closed it,
 * so a child left running in the background delays the pane's exit by this much, not longer.
 */
export const PTY_DRAIN_AT_EXIT_MS = 2_000;
/**
 * How long `tessera kill-server` waits for the server process to be gone (its panes get KILL_GRACE_MS,
 * and a loaded machine is slow), so a command run right after it starts a fresh server.
 */
export const KILL_SERVER_WAIT_MS = 20_000;
/** How often `tessera kill-server` looks whether the server process has exited. */
export const KILL_SERVER_POLL_MS = 20;

/**
 * A program taken over from a server of another version (tessera upgrade) is not this server's
 * child, so nobody tells it the program exited: it looks this often (one read of /proc per pane).
 */
export const ADOPTED_EXIT_POLL_MS = 250;
/** After such a program is gone, its last output is waited for this long (node-pty waits as long for its own). */
export const ADOPTED_CLOSE_WAIT_MS = 200;
/** An upgrade waits this long for the commands already running to finish (a land or a clone can take a while); then it gives up. */
export const HANDOVER_QUIET_TIMEOUT_MS = 30_000;
/** …looking this often. */
export const HANDOVER_QUIET_POLL_MS = 10;
/**
 * How long the new server of an upgrade may take to read the old one's state and rebuild every pane
 * (screens and scrollback replayed) before the old one gives up on it and keeps serving: minutes of
 * history on a loaded machine take seconds.
 */
export const HANDOVER_READY_TIMEOUT_MS = 60_000;
/** Then, how long it may take to start reading the PTYs and accepting on the socket. */
export const HANDOVER_SERVING_TIMEOUT_MS = 15_000;
/** How long a server started to take over waits for the state of the one that started it. */
export const HANDOVER_STATE_TIMEOUT_MS = 30_000;
/** A control command refused because the server is handing over is asked again for this long (the longest a handover holds). */
export const HANDOVER_RETRY_MS = HANDOVER_QUIET_TIMEOUT_MS + HANDOVER_READY_TIMEOUT_MS + HANDOVER_SERVING_TIMEOUT_MS;
/** …this often. */
export const HANDOVER_RETRY_POLL_MS = 50;
/** A pane's screen and scrollback in a handover, as terminal output: 10,000 lines of 500 styled columns fit. */
export const MAX_HANDOVER_SCREEN_BYTES = 64 << 20;

/**
 * Node flags of the server process. A 1 MB young-generation semi-space (V8's default is 16 MB) keeps
 * ~20 MB less memory resident with 8 panes and ~60 MB less with 32, for a few % more CPU on a flood.
 * `--expose-gc` lets the server collect garbage once it goes quiet, so the memory is given back; that
 * collection (memoryRelease.ts) replaces V8's own idle-time ones (`--no-memory-reducer`), which woke an
 * idle server for two or three collections 8 s after its last burst of work.
 * `--interrupt-budget` is how much bytecode a function runs between V8's checks whether to optimize
 * it (V8's default: 67584). The server's hot paths run once per PTY read or frame, a few hundred
 * times a second: with the default they reached V8's optimizing compiler only 7-12 s into four
 * agents redrawing, running as baseline code until then; at a quarter of it they are optimized
 * within about 2 s, and the redraw scenario's CPU 5-10 s in fell by ~15 % (8.2-10.4 % of a core to
 * 7.0-8.4 %, measured alternately on a shared machine).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=1', '--expose-gc', '--no-memory-reducer', '--interrupt-budget=16384'];
/**
 * Environment of the server process only (removed again before anything else reads it, so panes do
 * not inherit it). glibc's malloc gives allocations this big pages of their own, returned to the
 * system when freed; its default threshold grows with use, so freed history blocks and big buffers
 * would otherwise stay behind as free space inside the process.
 */
export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: String(128 << 10) };
/**
 * Variables the server process must not see when Node starts, given back to its environment (and so
 * to every pane and program it starts) before anything reads them. NODE_EXTRA_CA_CERTS makes Node
 * read and parse the certificate file at every start, before any of tessera's code runs (~50 ms
 * with a system bundle of ~150 certificates, measured on Node 20): a cost on every cold start,
 * for a process that never opens a TLS connection of its own.
 */
export const SERVER_HELD_ENV: readonly string[] = ['NODE_EXTRA_CA_CERTS'];
/** The name a held variable travels under from the client to the server. */
export const heldEnvName = (name: string): string => `TESSERA_HELD_${name}`;
/** A pane's compact history is kept in blocks of about this many bytes (at the threshold above, so each gets its own pages). */
export const HISTORY_BLOCK_BYTES = 128 << 10;
/** ...or of this many lines, whichever comes first (so a flood of empty lines makes small blocks, not huge offset tables). */
export const HISTORY_BLOCK_LINES = 4096;
/** The server collects garbage once nothing has happened for this long (a burst of work costs one collection). */
export const MEMORY_RELEASE_DELAY_MS = 1000;
/**
 * ...and only when panes closed or the heap grew this much since the last collection: a pause in
 * typing costs nothing, a burst of opened panes, a flood or an attach is collected after (each
 * grows the heap by several MB; a collection with compaction of the server's heap takes ~20-40 ms).
 */
export const MEMORY_RELEASE_GROWTH_BYTES = 4 << 20;

/** A server without clients or connections this long warms its drawing code up for the first attach (longer than a script's pause between two commands, even on a loaded machine). */
export const WARM_UP_DELAY_MS = 1_000;
/**
 * The warm-up's first rounds (Ink's first render, then a pane's first composed frame: ~10–25 ms
 * each, once) run after only this long without connections: shorter than a script's pause between
 * two commands (each starts Node), so they fit between them, and a command that comes meanwhile
 * waits one round at most.
 */
export const WARM_UP_FIRST_ROUNDS_DELAY_MS = 50;
/** How many rounds WARM_UP_FIRST_ROUNDS_DELAY_MS is for; later rounds wait WARM_UP_DELAY_MS. */
export const WARM_UP_FIRST_ROUNDS = 2;

/** A changed workspace is saved this long after its last change: a burst of resizes or focus moves costs one write. */
export const RECORD_SAVE_DELAY_MS = 300;

/**
 * Local git children that run at once; the others wait their turn (src/git/childSlots.ts). Each start blocks the
 * event loop ~10 ms: ten workspaces' counts asked at once delayed a key by up to 360 ms; two cores gain nothing
 * from more git children at a time than this.
 */
export const GIT_MAX_CHILDREN = 3;
/** A git command that takes longer than this is stopped: a hung credential prompt or network must not hang a command. */
export const GIT_TIMEOUT_MS = 60_000;
/** A clone may download a lot; it gets longer before it is stopped. */
export const GIT_CLONE_TIMEOUT_MS = 15 * 60_000;
/** A push may upload a lot over a slow link: as long as a clone. */
export const GIT_PUSH_TIMEOUT_MS = GIT_CLONE_TIMEOUT_MS;
/** Output of one git command kept at most (a huge diff is cut, never buffered without bound). */
export const GIT_MAX_OUTPUT_BYTES = 64 << 20;
/**
 * Reflog entries younger than this count in a remove/reset preflight (commits only a reflog still
 * reaches): git's own gc drops unreachable reflog entries after 30 days (gc.reflogExpireUnreachable).
 */
export const REFLOG_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** A preflight names this many files per list (the rest are counted): the screen must stay readable. */
export const PREFLIGHT_NAMED_FILES = 10;
/** A folder git cannot read is listed up to this many entries: enough to show what is there, bounded in time. */
export const FOLDER_LISTING_MAX_ENTRIES = 1000;
/** Untracked files larger than this are not read to count their lines (a stray dump must not stall `ls`). */
export const UNTRACKED_COUNT_MAX_BYTES = 8 << 20;
/** A server lock older than this whose socket does not answer belongs to a pid the system reused (after a reboot). */
export const SERVER_LOCK_STALE_MS = 30_000;
/** A new server waits this long for a stopping server (alive, socket closed) to finish before giving up. */
export const SERVER_LOCK_WAIT_MS = 10_000;
/** How often a waiting server looks at the lock again. */
export const SERVER_LOCK_POLL_MS = 50;

/** Largest message accepted on the control socket; anything bigger is a broken or hostile peer. */
export const MAX_MESSAGE_BYTES = 16 << 20;
/** How long a starting client waits for a freshly launched server to accept connections. */
export const SERVER_START_TIMEOUT_MS = 15_000;

/** Output queued for a client (on its terminal or its socket) above which frames are skipped until it drains (slow SSH links). */
export const CLIENT_BACKLOG_BYTES = 256 << 10;
/** A client ending on a signal waits this long for the server to stop writing to its terminal, then restores it anyway. */
export const LEAVE_TIMEOUT_MS = 500;
/** How long the server tries to restore the terminal of a client that vanished (SIGKILL) before it lets go of it. */
export const ORPHAN_RESTORE_TIMEOUT_MS = 2_000;

/** More output than this since a pane was last drawn means it floods (a 200×50 screen is ~10–40 KB). */
export const FLOOD_BYTES_PER_FRAME = 64 << 10;
/**
 * A flooding pane is drawn at most this often; other panes keep the full frame rate. 80 ms (12.5 fps)
 * rather than 100: the timer and the frame after it come a few ms late, and a flood must still be
 * seen to move at least 10 times a second (at 100 ms the longest gap measured 103-116 ms).
 */
export const FLOOD_FRAME_INTERVAL_MS = 80;
/** After the prefix and a resize key, more resize keys within this time repeat it without the prefix (tmux's repeat-time). */
export const KEY_REPEAT_MS = 500;
/**
 * A status-bar notice ("copied 9 characters…", "settings applied…", an error) clears itself after this: it answers
 * what just happened and must not stand in the row for minutes (tmux's 750 ms is too short to read a path).
 */
export const STATUS_NOTICE_MS = 5000;

/** Bells from one pane passed to the user's terminal: a few at once, then one a second; a flood of bells is dropped. */
export const BELL_BURST = 3;
export const BELLS_PER_SECOND = 1;
/** Clipboard writes (OSC 52) from one pane: a few at once, then one a second; more are refused with a message. */
export const CLIPBOARD_BURST = 4;
export const CLIPBOARD_WRITES_PER_SECOND = 1;
/** Largest clipboard write (base64 characters, ~768 KB of text) passed on; larger ones are refused, never cut. */
export const MAX_CLIPBOARD_BYTES = 1 << 20;
/** An OSC 52 sequence (the selection letters, ';' and the base64) longer than this is dropped while it arrives, and refused with a message. */
export const MAX_CLIPBOARD_SEQUENCE_BYTES = MAX_CLIPBOARD_BYTES + 64;
/** Longest window title passed to the user's terminal; longer titles are cut. */
export const MAX_TITLE_CHARS = 256;
/** Longest title a user can give a pane (rename-pane): a header's worth. */
export const MAX_PANE_NAME_CHARS = 200;

/** Quiet time after the settings file changes before it is read: editors write in several steps (temp file, rename). */
export const SETTINGS_RELOAD_DEBOUNCE_MS = 80;

/** Largest file a viewer pane opens: it is held in memory as styled lines. */
export const MAX_VIEW_BYTES = 8 * 1024 * 1024;
/** Larger files are shown without syntax colours: highlighting them would take seconds. */
export const MAX_HIGHLIGHT_BYTES = 512 * 1024;
/** Files offered by the palette's file picker; a bigger tree is cut with a note. */
export const MAX_PICKER_FILES = 5000;
/** Directory entries the file picker looks at before it stops (a huge tree never stalls the server). */
export const MAX_PICKER_ENTRIES = 50_000;
/** Quiet time after a viewed file changes before it is read again (an editor or agent writes in steps). */
export const VIEWED_FILE_DEBOUNCE_MS = 100;

/** A frame that has started must be complete within this time; a peer that stalls mid-frame holds memory for nothing. */
export const FRAME_READ_TIMEOUT_MS = 10_000;
/** A new connection must send its first message within this time (real clients send it at once). */
export const FIRST_MESSAGE_TIMEOUT_MS = 10_000;
/** Answers queued for a control connection that does not read them, above which it is dropped. */
export const CONTROL_BACKLOG_BYTES = 8 << 20;
/** Requests of one connection being answered at once; past this the server stops reading that connection. */
export const MAX_REQUESTS_IN_FLIGHT = 64;
/** Connections open at once; more are refused with a message (each holds buffers and a descriptor). */
export const MAX_CONNECTIONS = 256;
/**
 * A connection refused for the cap is closed once its peer has read why and closed its end, or after
 * this long, whichever is first: closing before the peer's request is read would reset it, and the
 * peer would see "connection reset" instead of the reason; a peer that never closes loses it anyway.
 */
export const REFUSED_CONNECTION_CLOSE_MS = 1_000;
/** Refused connections waiting for that at once; past this, a refused connection is closed without a word. */
export const MAX_REFUSED_CONNECTIONS_CLOSING = 64;
/** Bytes held for incomplete frames over all connections together; the connection that passes it is dropped. */
export const MAX_PENDING_FRAME_BYTES = 64 << 20;

/** Longest an agent CLI may take to list its sessions (opencode's `session list` loads a 180 MB binary). */
export const AGENT_SESSION_QUERY_TIMEOUT_MS = 15_000;
/**
 * Longest sleep/close waits for a new lookup of an agent's session id before ending it anyway (the id is then the last
 * one known); a lookup already under way (from the end of a turn) is waited out up to AGENT_SESSION_QUERY_TIMEOUT_MS.
 */
export const SESSION_ID_WAIT_MS = 3_000;
/** Pane sessions shorter than this are not worth a history entry (a typo, a pane opened and closed at once). */
export const HISTORY_MIN_SESSION_MS = 10_000;
/** History entries kept; the oldest are dropped beyond this, so the file stays small enough to rewrite on every entry. */
export const HISTORY_MAX_ENTRIES = 1000;
/** Distinct hyperlinks (OSC 8) remembered per server; past it new links are drawn as plain text, never lost memory. */
export const MAX_HYPERLINKS = 65_536;
/** Longest hyperlink target passed to the outer terminal; longer ones are drawn as plain text (terminals cap near here too). */
export const MAX_HYPERLINK_BYTES = 2048;

// Strings a program sends (OSC and DCS) are bounded while they are read (see term/stringRules.ts): the
// emulator would collect up to 10 MB of each, and a title or a path is stored and sent on from there.
/** A window title (OSC 0, 1, 2) is cut to this many bytes as it arrives: real titles are < 200; the outer terminal gets MAX_TITLE_CHARS of it. */
export const MAX_TITLE_BYTES = 4 << 10;
/** Linux's PATH_MAX (with the closing NUL): no working directory reported by OSC 7 is this long or longer, so one that is is ignored. */
export const PATH_MAX_BYTES = 4096;
/** An OSC 7 report longer than this cannot hold a path under PATH_MAX_BYTES (every byte percent-encoded, plus scheme and host): it is dropped. */
export const MAX_CWD_REPORT_BYTES = 3 * PATH_MAX_BYTES + 512;
/** An OSC 8 hyperlink's parameters and target: room for an id beside a target of MAX_HYPERLINK_BYTES; a longer one is dropped (never cut into another address). */
export const MAX_HYPERLINK_SEQUENCE_BYTES = MAX_HYPERLINK_BYTES + 256;
/** A notification's text (OSC 9, 777, 99) is cut to this many bytes as it arrives; MAX_NOTIFICATION_CHARS of it is shown. */
export const MAX_NOTIFICATION_BYTES = 2048;
/** Characters of a notification shown to the user and matched against the agent rules: a line or two of a status bar. */
export const MAX_NOTIFICATION_CHARS = 500;
/** Any other OSC or DCS string (colours, shell marks, strings tessera does not read): OSC 4 setting all 256 colours is ~6 KB. A longer one is dropped. */
export const MAX_CONTROL_STRING_BYTES = 16 << 10;

/** A server log is rotated past this size (one older part is kept): a flood of messages cannot fill a disk. */
export const SERVER_LOG_MAX_BYTES = 8 << 20;
/** One log message is cut to this many bytes: a huge error object must not take the whole log. */
export const SERVER_LOG_MAX_LINE_BYTES = 4096;
/** The answer log is rotated past this size (one older part kept): ~2000 answers each, and `approvals --log` reads both whole. */
export const ANSWER_LOG_MAX_BYTES = 1 << 20;
/** A question is logged with at most this many characters: a screen line is far shorter; one entry stays one small line. */
export const ANSWER_LOG_MAX_QUESTION_CHARS = 1000;
/** While the inbox is open its ages ("45s") are redrawn this often. */
export const INBOX_AGE_TICK_MS = 1_000;
/** Logs and state of a server that has stopped are removed once untouched this long (a week: long enough to read them). */
export const STOPPED_SERVER_FILES_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The cleanup after stopped servers waits this long after start, so it never slows the first attach. */
export const STOPPED_SERVER_CLEANUP_DELAY_MS = 5_000;
/** How long an attaching terminal has to answer the color queries before programs are told it did not. */
export const COLOR_REPLY_WAIT_MS = 1000;
/** Quiet time after a color reply before the colors are taken as complete (a terminal answers them in one burst). */
export const COLOR_REPLY_SETTLE_MS = 50;
/** Color queries held while no terminal has told its colors yet; more are a flood and are dropped. */
export const MAX_PENDING_COLOR_QUERIES = 256;
/** A configured copy command (xclip, pbcopy, …) that has not finished by then is stopped: it must never pile up. */
export const COPY_COMMAND_TIMEOUT_MS = 5000;
/** Default largest copy: terminals drop or choke on bigger OSC 52 payloads (xterm's own limit is near this). */
export const DEFAULT_CLIPBOARD_LIMIT_BYTES = 1 << 20;
/** A scrolled pane's header position ([120/3000]) is redrawn at most this often while output arrives. */
export const SCROLL_INDICATOR_INTERVAL_MS = 250;
/** A workspace's diff summary in the strip is asked of git again when older than this and the strip is drawn. */
export const DIFF_SUMMARY_MAX_AGE_MS = 5_000;
/**
 * A diff summary the strip asks for starts git this long after the frame that asked: starting a
 * process from the server costs its event loop ~10 ms (fork of a large process), which would
 * otherwise come before the frame reaches the client (an attach's first frame, say).
 */
export const DIFF_SUMMARY_START_DELAY_MS = 100;
/** The new-workspace dialog reads the repository typed in its repo field once typing pauses this long (not per key). */
export const REPO_READ_DELAY_MS = 150;
/** While the new-workspace dialog waits for git (a clone), its "for N s" is redrawn this often. */
export const DIALOG_PROGRESS_TICK_MS = 1_000;
/** Kitty keyboard flag entries kept per screen; kitty caps its stack too, so a push loop cannot grow memory. */
export const MAX_KEYBOARD_FLAG_STACK = 16;

/** Largest project file (.tessera.json) read: a few templates and a setup command are far smaller. */
export const MAX_PROJECT_FILE_BYTES = 64 << 10;
/** Approved project files remembered per server; the oldest approvals are forgotten first (asked again). */
export const MAX_PROJECT_APPROVALS = 1000;
/** Largest file a project file's command runs that is approved by its contents: scripts are far smaller, and it is read whole on every look. */
export const MAX_PROJECT_SCRIPT_BYTES = 4 << 20;
/** Most files of a repository a project file's commands may run (each is read and hashed on every look). */
export const MAX_PROJECT_SCRIPTS = 64;
/** Approved versions of one project file remembered: branches with different files each keep theirs; older ones are asked about again. */
export const MAX_APPROVED_VERSIONS = 8;

/** Events the server keeps for `tessera events --since`: a reader that reconnects within a few minutes of busy panes misses nothing. */
export const EVENT_RING_SIZE = 4096;
/** Event lines queued for a reader that does not read them, above which it is dropped (it can come back with --since). */
export const EVENT_READER_BACKLOG_BYTES = 1 << 20;
/** Longest question text carried by an event or a notification: a line or two; the rest is on the pane's screen. */
export const MAX_EVENT_TEXT_CHARS = 500;
/** A notifyCommand still running after this long is killed (with its process group): a stuck script must not pile up. */
export const NOTIFY_COMMAND_TIMEOUT_MS = 10_000;
/** notifyCommands running at once; a notification past that runs no command (counted in server-info). */
export const MAX_NOTIFY_COMMANDS_RUNNING = 4;
/** Notifications sent at once, then NOTIFICATIONS_PER_MINUTE: many agents finishing together never make a storm. */
export const NOTIFICATION_BURST = 5;
export const NOTIFICATIONS_PER_MINUTE = 10;
/** Question ids remembered as notified already (one notification per question); old ones are long answered. */
export const MAX_NOTIFIED_QUESTIONS = 1024;
/** Default of the notifyDelay setting: a question answered (or a pane looked at) within this many seconds is not notified. */
export const DEFAULT_NOTIFY_DELAY_SECONDS = 5;

/** A report from an agent's own channel (hook, notify, `tessera status`) outranks a screen that says otherwise this long: either may lag the other under load. */
export const CHANNEL_HOLD_MS = 3_000;
/**
 * After an agent's title stops saying "working", how long a screen that reads idle still does not end a running
 * turn (src/server/agent/agentMonitor.ts): Codex's spinner left its title for most of a second mid-turn on a
 * loaded machine. The end of a Codex turn comes from its notify program meanwhile.
 */
export const TITLE_WORK_GAP_MS = 2_000;
/** `tessera agent-hook` gives up (and exits 0) after this long: the agent never waits on tessera, and a late report is stale anyway. */
export const HOOK_TIMEOUT_MS = 2_000;
/** Largest hook payload `tessera agent-hook` reads from its stdin; a bigger one (a Write tool's whole file) is read no further. */
export const MAX_HOOK_PAYLOAD_BYTES = 1 << 20;

/** Commits since the base the diff viewer lists: a reviewer reads the newest; a long history would bury the files. */
export const DIFF_VIEWER_MAX_COMMITS = 50;
/** The conflict radar looks (stat() only) for workspaces whose files changed this often (each second cost 2.3 % of a core with ten workspaces of 300 files). */
export const RADAR_POLL_MS = 2_000;
/** A workspace's changes are captured and merged with the others' at most this often: agents write in bursts, git children cost CPU. */
export const RADAR_MIN_INTERVAL_MS = 5_000;
/**
 * After a round, the radar rests this many times the CPU the round cost (the server's and its git children's), so that
 * it uses at most a twenty-fifth of one core: 4 %, a fifth of issue 21's 5 % budget (ten workspaces changing) left for
 * what this pacing cannot see (the timer that wakes it, the change cache's file written after a count).
 */
export const RADAR_REST_PER_WORK = 24;
/**
 * A round starts no new git child once it has spent this much CPU (the server's and its children's): with ten
 * workspaces all changing, a whole pass (ten captures, 45 merges) costs ~1.7 s; in slices of this size its rests stay
 * a few seconds long, so what shows follows the work evenly instead of in bursts a minute apart.
 */
export const RADAR_ROUND_CPU_MS = 250;
/**
 * The longest rest: a collision still shows within about a minute however much the last round cost (one git child
 * that took very long on a loaded machine).
 */
export const RADAR_MAX_REST_MS = 60_000;
/** Merge bases the server remembers by their two commits (src/git/mergeBase.ts): a few per workspace, ~200 bytes each. */
export const FORK_MEMO_MAX_ENTRIES = 1_000;
/** Files a workspace's fingerprint stat()s in one go before the event loop gets a turn (~1–3 ms of work). */
export const SIGNATURE_STAT_BATCH = 256;
/**
 * Paths the change cache keeps on disk over all its folders (each folder's files, ~40 bytes a path): a server that
 * starts answers `ls` from it without a git child per workspace. Folders past it are counted again by the next server.
 */
export const CHANGE_CACHE_MAX_PATHS = 200_000;
/** The change cache file is written this long after the last count kept (a burst of counts is one write). */
export const CHANGE_CACHE_SAVE_DELAY_MS = 5_000;
/** A change cache file larger than this is not read (moved aside): it was not written by this code. */
export const CHANGE_CACHE_MAX_FILE_BYTES = 64 << 20;

/**
 * A frame sent to a terminal that says when it has drawn it (see drawnAck.ts) may be on its way, unanswered, this long
 * before the next one waits for the answer: shorter than a frame interval, so a thin line carries one frame at a time
 * and a key's echo waits behind no more, while a local terminal (answering within a few ms) is never held.
 */
export const DRAWN_IN_FLIGHT_MS = 20;
/**
 * Bytes of frames a terminal that says when it has drawn may have unanswered before the next frame waits, however young
 * they are: about one big frame. A burst of small frames (a flood drawn at once just after a key, as a possible echo)
 * would otherwise fill a thin line; a local terminal answers long before this much piles up.
 */
export const DRAWN_IN_FLIGHT_BYTES = 32 << 10;
/**
 * A terminal that stops answering "drawn yet?" for this long (a stalled link, a terminal that drops the question) is paced
 * by its backlog alone again, as if it never answered, until its late answers come in.
 */
export const DRAWN_ANSWER_GIVE_UP_MS = 5_000;

/** A workspace stack's `boot` hook (a build) is ended after this long unless the profile sets bootTimeoutSeconds: a hung build must not hold `up` forever. */
export const STACK_BOOT_TIMEOUT_MS = 600_000;
/** `up` retries the `health` hook until it passes or this long passed (profile: healthTimeoutSeconds): services need a moment to listen. */
export const STACK_HEALTH_TIMEOUT_MS = 60_000;
/** Pause between two tries of the `health` hook: often enough to answer soon, rarely enough not to load the machine. */
export const STACK_HEALTH_RETRY_MS = 500;
/** Any other hook (`tessera hook NAME`) is ended after this long unless the profile sets hookTimeoutSeconds. */
export const STACK_HOOK_TIMEOUT_MS = 1_800_000;
/** `down` waits this long after SIGTERM before SIGKILL: a service gets a moment to close its files. */
export const STACK_STOP_GRACE_MS = 5_000;
/** Default highest slot a stack may take (profile: maxSlots): ports are base + slot, so slots stay below 100. */
export const STACK_MAX_SLOTS = 50;
/** Ports tried per name: base + slot, then +100 … so the last digits stay the slot. */
export const STACK_PORT_TRIES = 10;
/** Output of a hook kept in `tessera hook`'s answer (the whole is in its log file). */
export const STACK_HOOK_OUTPUT_CHARS = 64 << 10;
/** `tessera hook` sends the hook's new output to its command line this often: live to a reader, a few reads a second for the server. */
export const STACK_HOOK_STREAM_MS = 100;
/** At most this much of a hook's output goes to its command line per look; a hook that writes faster has the middle skipped (said so; the log has all). */
export const STACK_HOOK_STREAM_BYTES = 256 << 10;
/** A running request's output is skipped while this much is queued for its client: a reader that stalls misses pieces, never grows the server's memory. */
export const REQUEST_OUTPUT_BACKLOG_BYTES = 1 << 20;
/** `tessera logs` prints a log this much at a time: a log of gigabytes is never read into memory whole. */
export const LOG_PRINT_CHUNK_BYTES = 1 << 20;
/** `tessera logs -f` looks for new lines this often: soon enough to feel live, cheap on a busy machine. */
export const STACK_LOG_FOLLOW_MS = 250;
/** A logs viewer reads at most this much of a log's end when it opens it: a log of gigabytes opens at once (`tessera logs` prints the rest). */
export const MAX_LOG_VIEW_BYTES = 1 << 20;
/** Lines a logs viewer keeps; older ones go as new ones come, so a service that logs for days never grows it. */
export const MAX_LOG_VIEW_LINES = 20_000;
/** Characters a logs viewer keeps in all (a log of very long lines reaches this before the line count). */
export const MAX_LOG_VIEW_CHARS = 4 << 20;
/** A log line longer than this is broken there: a program that writes without newlines must not grow one line forever. */
export const MAX_LOG_LINE_CHARS = 16 << 10;
/** A logs viewer with no log to show asks the server for the list again this often (a service or hook may start writing one). */
export const LOG_VIEW_LIST_MS = 2_000;
/** The strip's "stack up" marks are read again (one scan of /proc) at most this often, not on every frame. */
export const STACK_STRIP_REFRESH_MS = 2_000;

/** ssh gives up on a host that does not answer its TCP connection within this (seconds): a host that is off fails in time. */
export const SSH_CONNECT_TIMEOUT_S = 10;
/** ssh asks the host for a sign of life this often over a quiet link (seconds, ServerAliveInterval)... */
export const SSH_ALIVE_INTERVAL_S = 5;
/** ...and drops the link after this many unanswered (ServerAliveCountMax): a dead link is noticed within ~15 s. */
export const SSH_ALIVE_COUNT = 3;
/** A shared ssh connection to a host (ControlMaster) stays this long after its last use (seconds): the next command starts at once. */
export const SSH_CONTROL_PERSIST_S = 60;
/** A host's tessera must greet within this once ssh started (a login, a node start on a slow host); past it the host is reported as not answering. */
export const HOST_HELLO_TIMEOUT_MS = 30_000;
/** What a host may print before tessera's greeting (a login script's banner); more is not a tessera there. */
export const MAX_BRIDGE_PREAMBLE_BYTES = 64 << 10;
/** One line of the bridge's handshake (greeting, connect, its answer): small JSON objects. */
export const MAX_BRIDGE_LINE_BYTES = 8 << 10;
/** The end of what ssh printed on stderr, kept to say why a link failed (its reason is on the last lines). */
export const SSH_STDERR_KEEP_BYTES = 4 << 10;
/** A view of another machine whose link broke tries again after this long... */
export const RECONNECT_FIRST_DELAY_MS = 1_000;
/** ...twice as long after each failed try, up to this: a host that is back is found soon, one that is off costs little. */
export const RECONNECT_MAX_DELAY_MS = 30_000;
/** The local server's link to a host ends when the host does not answer a request within this long (then it reconnects): a stuck host never holds a view. */
export const HOST_REQUEST_TIMEOUT_MS = 30_000;
/** A host's workspaces are asked for again at most this often while its events come: a busy host costs one listing per gap, not one per event. */
export const HOST_REFRESH_GAP_MS = 500;
/** At most this many workspaces of one host are shown: a host that lists thousands cannot swamp the strip or this server's memory. */
export const MAX_HOST_WORKSPACES = 200;
/** At most this many of one host's waiting questions are shown in the inbox, for the same reason. */
export const MAX_HOST_QUESTIONS = 200;
/** `tessera host install` checks a host (a login, then node, npm and tessera each started once) within this: a host that does not answer is reported, never waited on. */
export const HOST_CHECK_TIMEOUT_MS = 60_000;
/** Copying tessera to a host and npm installing it there (its dependencies fetched on a slow network) ends after this: reported, never waited on forever. */
export const HOST_INSTALL_TIMEOUT_MS = 20 * 60_000;
/** What tessera's own scripts on a host print on stdout (a few short lines, after whatever a login script printed): more is cut off. */
export const MAX_HOST_SCRIPT_OUTPUT_BYTES = 64 << 10;
/** `npm pack` of this installation (a couple of megabytes, no network) ends after this. */
export const PACK_TIMEOUT_MS = 5 * 60_000;
