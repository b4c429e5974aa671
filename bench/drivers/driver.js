// What a scenario needs from a multiplexer; tmux.js and tessera.js implement it.

/**
 * @typedef {object} Pane
 * @property {string} id  the multiplexer's pane id, usable as a target
 * @property {number} cols
 * @property {number} rows
 * @property {boolean} focused
 */

/**
 * @typedef {object} Launch  a command for the outer terminal's PTY
 * @property {string} file
 * @property {readonly string[]} args
 * @property {Record<string, string>} env  the server's environment (a cold start makes the server)
 */

/**
 * One private server (its own socket) of a multiplexer. Every pane runs the user's shell.
 * @typedef {object} Server
 * @property {() => Launch} coldStartCommand  starts the server, a session and attaches, in one go
 * @property {() => Promise<void>} createSession  starts the server with a detached session of one shell pane
 * @property {() => Launch} attachCommand  attaches to that session
 * @property {() => Launch} controlCommand  a control command a script would call in a loop (list-panes)
 * @property {(intervalMs: number) => Promise<Launch>} controlProbe  bench/tools/control-probe.js for this server:
 *   asks list-panes at the socket every intervalMs until its stdin closes, then prints what it saw
 * @property {() => Promise<Pane[]>} listPanes
 * @property {(paneId: string, direction: 'right' | 'down') => Promise<void>} split  adds a shell pane, focus unchanged
 * @property {(paneId: string, text: string) => Promise<void>} sendText  types `text` literally into a pane
 * @property {(paneId: string) => Promise<string>} capturePane  the pane's visible text
 * @property {() => Promise<number>} serverPid
 * @property {() => Promise<void>} kill  stops the server and everything in it
 * @property {() => Promise<void>} [startLoopDelay]  starts measuring the server's event-loop delay (tessera only)
 * @property {() => Promise<{ p50Ms: number, p99Ms: number } | null>} [takeLoopDelay]  the delay since startLoopDelay (null: not measured)
 */

/**
 * @typedef {object} Availability
 * @property {boolean} ok
 * @property {string} version  what `--version` says, or "" when unavailable
 * @property {string} [problem]  why it cannot be benchmarked, and what to do about it
 */

/**
 * @typedef {object} Driver
 * @property {'tessera' | 'tmux'} name
 * @property {(env: import('../lib/bench-env.js').BenchEnvironment) => Promise<Availability>} check
 * @property {(env: import('../lib/bench-env.js').BenchEnvironment) => Server} newServer
 */

export {};
