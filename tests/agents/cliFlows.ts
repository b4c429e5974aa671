// How each pinned CLI's screens read, as the end-to-end test waits for them (the keys live in src/agents).

import type { AgentKind } from './harness/kind.js';

export const ENTER = '\r';
export const ESC = '\x1b';

export interface CliFlow {
  /** The idle prompt, empty and with nothing running. */
  idle: RegExp;
  /** A turn in progress (waiting on the model). */
  busy: RegExp;
  /** The permission dialog for the fake model's `touch` command. */
  approval: RegExp;
  /** What the screen says once a denial of `make marker N` has ended the turn. */
  afterDenial(marker: number): RegExp;
  /** Interrupting a busy turn: each step is pressed once the screen shows its `waitFor`. */
  abortSteps: { keys: string; waitFor?: RegExp }[];
  /** What the screen says once the interrupted `make marker N` turn has ended. */
  afterAbort(marker: number): RegExp;
  /** Whether interrupting closes the pending HTTP request (codex and opencode leave it open and ignore the answer). */
  hangsUpOnAbort: boolean;
}

/** Matches when `text` is absent from the whole screen (for "until the spinner is gone"). */
const without = (text: string): string => `^(?![\\s\\S]*(?:${text}))`;

export const CLI_FLOWS: Record<AgentKind, CliFlow> = {
  claude: {
    idle: /⏸ manual mode on · \? for shortcuts/,
    busy: /⏸ manual mode on · esc to interrupt/,
    approval: /Bash command[\s\S]*Do you want to proceed\?\n ❯ 1\. Yes[\s\S]*4\. No[\s\S]*Esc to cancel/,
    afterDenial: (n) => new RegExp(`make marker ${n}[\\s\\S]*Interrupted · What should Claude do instead\\?`),
    abortSteps: [{ keys: ESC }],
    // Claude puts the interrupted prompt back into the input box.
    afterAbort: (n) => new RegExp(`${without('esc to interrupt')}[\\s\\S]*❯\\smake marker ${n} *\\n─+\\n +⏸ manual mode on`),
    hangsUpOnAbort: true,
  },
  codex: {
    idle: new RegExp(`${without('esc to interrupt')}[\\s\\S]*› Ask Codex to do anything`),
    busy: /• Working \(\d+s • esc to interrupt\)/,
    approval: /Would you like to run the following command\?[\s\S]*\$ touch [\s\S]*› 1\. Yes, proceed \(y\)[\s\S]*Press enter to confirm or esc to cancel/,
    afterDenial: (n) => new RegExp(`✗ You canceled the request to run touch \\S*marker-${n}[\\s\\S]*■ Conversation interrupted`),
    abortSteps: [{ keys: ESC }],
    afterAbort: (n) => new RegExp(`› make marker ${n}\\n[\\s\\S]*■ Conversation interrupted[\\s\\S]*› Ask Codex to do anything`),
    hangsUpOnAbort: false,
  },
  gemini: {
    idle: new RegExp(`${without('esc to cancel')}[\\s\\S]* > {3}Type your message or @path/to/file`),
    busy: /\(esc to cancel, \d+s\)/,
    approval: /\? Shell {2}touch [\s\S]*Allow execution of \[Shell\]\?[\s\S]*● 1\. Allow once[\s\S]*3\. No, suggest changes \(esc\)/,
    afterDenial: (n) => new RegExp(`> make marker ${n}[\\s\\S]*ℹ Request cancelled\\.`),
    abortSteps: [{ keys: ESC }],
    afterAbort: (n) => new RegExp(`> make marker ${n}[\\s\\S]*ℹ Request cancelled\\.[\\s\\S]* > {3}Type your message`),
    hangsUpOnAbort: true,
  },
  opencode: {
    idle: new RegExp(`${without('esc (again to )?interrupt|Permission required')}[\\s\\S]*ctrl\\+p commands`),
    busy: /esc interrupt/,
    approval: /△ Permission required[\s\S]*# Shell command[\s\S]*\$ touch [\s\S]*Allow once {3}Allow always {3}Reject[\s\S]*enter confirm/,
    // The rejected command stays listed (struck through); the test then waits for the idle footer.
    afterDenial: (n) => new RegExp(`make marker ${n}[\\s\\S]*\\$ touch \\S*marker-${n}`),
    // The first Esc only arms the interrupt.
    abortSteps: [{ keys: ESC }, { keys: ESC, waitFor: /esc again to interrupt/ }],
    afterAbort: (n) => new RegExp(`${without('esc (again to )?interrupt')}[\\s\\S]*make marker ${n}[\\s\\S]*ctrl\\+p commands`),
    hangsUpOnAbort: false,
  },
};
