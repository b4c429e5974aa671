// The text of `tessera --help`.

import { DEFAULT_SETTINGS } from '../store/settingsDefaults.js';
/** A command as the general help lists it. */
export interface CommandSummary {
  name: string;
  summary: string;
}

/** `prefix`: the prefix key in force (the user's setting), so the keys shown are the ones that work. */
export function generalHelp(commands: CommandSummary[], version: string, prefix: string = DEFAULT_SETTINGS.prefix): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const list = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n');
  return `tessera ${version} — a terminal multiplexer for coding agents

Usage:
  tessera [-L NAME | -S PATH]                 open the workspace of the current folder (starting the server if needed)
  tessera [-L NAME | -S PATH] COMMAND [ARGS]  run a command
  tessera -H HOST [-L NAME] [COMMAND [ARGS]]  the same on another machine, through ssh ('tessera help remote')
  tessera help COMMAND                        details of one command
  tessera help TOPIC                          a page of the manual ('tessera help topics' lists them)

tessera shows a mosaic of terminal panes inside your terminal. A background server owns the
panes, so closing this terminal (or losing SSH) never kills what runs in them: attach again.

'tessera new --template claude+shell' starts several panes at once (here Claude beside a shell);
'tessera templates' lists the templates and what each starts.
Commands from a repository's .tessera.json (templates, setupCommand) run only once you approved
the file as it is: 'tessera trust' shows them and approves them. What waits is kept across restarts
(and marked in 'tessera ls' and the status bar); it starts once approved and the workspace is open.

Commands:
${list}

Options:
  -L NAME     use the server named NAME (separate servers for separate things; default "default")
  -S PATH     use the server whose socket is PATH (its directory must be yours, mode 700)
  -H HOST     use the server of HOST (a name of the "hosts" setting) through ssh; 'tessera hosts'
              says how each host's link is, 'tessera ls --all-hosts' lists every host's workspaces
              Inside a tessera pane, commands use that pane's own server ($TESSERA) unless -L or -S
              says otherwise, and act on that pane when no -t is given.
  -t PANE     (commands that act on a pane) the pane's number as its header shows it (-t 3),
              a workspace's name for its focused pane (-t task-a), WORKSPACE:INDEX for the pane
              at that place, 0 first (-t task-a:0), or WORKSPACE:TITLE
  -h, --help  this help          -V, --version  the version

Inside tessera, press ${prefix} then ? to see every key (${prefix} d detaches).
${prefix} : opens the command palette: type part of an action's name, Enter runs it.
${prefix} f views a file of the workspace (also 'tessera view FILE'); ${prefix} S marks a pane
for synchronized input (what you type goes to every marked pane; also 'tessera sync').
${prefix} N opens the new-workspace dialog (what 'tessera new' does): a git worktree on a new or
existing branch, a clone, or a folder you have; Enter creates it and shows it, Esc leaves.
${prefix} G shows the workspace's diff (new files too, 'tessera diff' coloured) in a viewer pane; r there
reads it again. ${prefix} C-z puts the focused agent to sleep ('tessera sleep'); Enter in it wakes it.
"remove-workspace" and "reset-workspace" in the palette show what 'tessera rm/reset' would lose and
ask first; losing changes or unpushed commits must be turned on there, and git is asked again on Enter.

Scrolling back: ${prefix} then [ (or the mouse wheel) shows a pane's history; there
arrows/PageUp/g/G move, / and ? search (n/N repeat), v starts a selection (V lines, C-v a block),
y copies it to your terminal's clipboard (OSC 52) and q returns to the live screen. These keys
are rebound by action name in the "scrollKeys" setting ({"leave": ["q", "x"]}).
Mouse (setting "mouse", on by default): click focuses a pane, drag a divider to resize, drag over
text to copy it; Shift+drag uses your terminal's own selection instead. Programs that ask for mouse
reports (even every motion) or the kitty keyboard protocol (flag 1) get them in their own pane; the
modes a program left on are turned off when it ends. A terminal that speaks the kitty protocol is
asked for it at attach, so Shift+Enter or Ctrl+I arrive apart (setting "kittyKeyboard": false: not).

Settings live in config.json in $TESSERA_CONFIG_DIR, else $XDG_CONFIG_HOME/tessera, else
~/.config/tessera: the prefix, key bindings ("keys": {"detach": "D"}), notifications and more ('tessera
help settings'). Saved changes apply at once to every client; a mistake is reported with its line and
column and the previous settings stay ('tessera reload' applies and reports on demand).
`;
}
