// The settings tessera uses when the user's config file does not say otherwise.

import type { CustomAgent } from '../agents/agentKinds.js';
import { DEFAULT_CLIPBOARD_LIMIT_BYTES, DEFAULT_NOTIFY_DELAY_SECONDS } from '../limits.js';
import { DEFAULT_THEME_SETTING, type ThemeSetting } from './themeSetting.js';
import { DEFAULT_WORKSPACE_SETTINGS, type WorkspaceSettingsFields } from './workspaceSettings.js';
import { DEFAULT_HOSTS_SETTINGS, type HostsSettingsFields } from './hostsSetting.js';

/** One entry of the `keys` setting: the keys it gives an action, and where in the file it was written. */
export interface KeyOverride {
  action: string;
  keys: string[];
  /** `config.json:4:5`, for messages. */
  where: string;
}

/** One entry of the `bind` setting: a key after the prefix that runs a tessera command line. */
export interface CommandBinding {
  key: string;
  /** As typed after `tessera`, e.g. `split --right -- htop` (checked against the command when the keymap is built). */
  command: string;
  /** `config.json:4:5`, for messages. */
  where: string;
}

/** Everything the settings file holds; the workspace fields are described in workspaceSettings.ts. */
export interface Settings extends WorkspaceSettingsFields, HostsSettingsFields {
  /**
   * The prefix key. Ctrl+\ by default: unused by claude, codex, opencode, gemini, bash/readline,
   * vim and less (see docs/keys.md: "Why Ctrl+\\").
   */
  prefix: string;
  /** Close a shell pane at once when its shell exits with status 0 (otherwise it stays until dismissed). */
  closeOnCleanShellExit: boolean;
  /** Lines of scrollback kept per pane. */
  scrollback: number;
  /** 'auto' detects from COLORTERM/TERM; 'on'/'off' force true color on or off for every client. */
  trueColor: 'auto' | 'on' | 'off';
  /** Programs allowed in panes besides the agents, shells and ssh (plain names, e.g. "vim"). */
  extraCommands: string[];
  /** How a pane that needs you (approval, finished turn) is announced to your terminal when you are not looking at it. */
  notify: 'bell' | 'osc9' | 'osc777' | 'osc99' | 'none';
  /** A program the server runs when a pane needs you and you are not looking (argv, never through a shell); [] for none. */
  notifyCommand: string[];
  /** Seconds a question (or a finished turn) waits unseen before it is notified: one answered sooner is not. */
  notifyDelay: number;
  /** Agents the user defines: name, command, detection rules and approval keys (see docs/agents.md). */
  customAgents: CustomAgent[];
  /** The shell for new terminal panes (a command line, e.g. "zsh -l"); empty means $SHELL. */
  defaultShell: string;
  /** Clipboard writes from programs (OSC 52) reach your terminal's clipboard ('allow') or are dropped ('deny'). */
  clipboard: 'allow' | 'deny';
  /** Your terminal's window title follows the focused pane's title. */
  setTitle: boolean;
  /** The user's key bindings, replacing an action's default keys (`{"detach": "D"}`); checked by the keymap. */
  keys: KeyOverride[];
  /** Keys of scroll mode, replacing an action's default keys (`{"history-top": ["g", "Home"]}`); checked by the keymap. */
  scrollKeys: KeyOverride[];
  /** Keys after the prefix that run a command line (`{"C-s": "split --right -- htop"}`), as tmux's bind-key. */
  bind: CommandBinding[];
  /** Ask the terminal for the kitty keyboard protocol (flag 1) at attach, so keys that share legacy bytes arrive apart. */
  kittyKeyboard: boolean;
  /** Mouse support: click to focus, drag a divider, wheel to scroll, drag to copy (Shift+drag stays the terminal's). */
  mouse: boolean;
  /** A command that receives copied text on its standard input (e.g. "xclip -selection clipboard"); '' for none. */
  copyCommand: string;
  /** Largest copy in bytes; a bigger one is refused with a message rather than cut short. */
  clipboardLimit: number;
  /** The colours of tessera's own chrome: a dark or light base, with roles given colours of their own (see themeSetting.ts). */
  theme: ThemeSetting;
}

export const DEFAULT_SETTINGS: Settings = {
  prefix: 'C-\\',
  closeOnCleanShellExit: true,
  scrollback: 5000,
  trueColor: 'auto',
  extraCommands: [],
  notify: 'bell',
  notifyCommand: [],
  notifyDelay: DEFAULT_NOTIFY_DELAY_SECONDS,
  customAgents: [],
  defaultShell: '',
  clipboard: 'allow',
  setTitle: true,
  keys: [],
  scrollKeys: [],
  bind: [],
  kittyKeyboard: true,
  mouse: true,
  copyCommand: '',
  clipboardLimit: DEFAULT_CLIPBOARD_LIMIT_BYTES,
  theme: DEFAULT_THEME_SETTING,
  ...DEFAULT_WORKSPACE_SETTINGS,
  ...DEFAULT_HOSTS_SETTINGS,
};
