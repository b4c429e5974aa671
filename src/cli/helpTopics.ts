// `tessera help TOPIC`: the user documentation (docs/, SECURITY.md, CHANGELOG.md) read in the
// terminal, from the files the package ships. And the prefix key in force, for the general help.

import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadSettings } from '../store/settings.js';
import { DEFAULT_SETTINGS } from '../store/settingsDefaults.js';

/** The package's top folder: two up from this module, in dist/cli/ and in src/cli/ alike. */
const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));

export const HELP_TOPICS: Readonly<Record<string, { file: string; about: string }>> = {
  keys: { file: 'docs/keys.md', about: 'the palette, synchronized input, viewer panes, scrolling back and copying, the mouse' },
  commands: { file: 'docs/commands.md', about: 'every control command, pane targets, scripting, events, notifications' },
  agents: { file: 'docs/agents.md', about: 'agent panes, status pills, the approval bar, custom agents' },
  workspaces: { file: 'docs/workspaces.md', about: 'folders, git worktrees and clones, templates, the switcher, sleep and resume' },
  land: { file: 'docs/review-and-land.md', about: "review an agent's work and land it: diff, merge, push, merged workspaces, switch, stop" },
  stack: { file: 'docs/stack.md', about: "running the workspace's app: services, health, ports, hooks and logs (in a pane too) per workspace" },
  remote: { file: 'docs/remote.md', about: 'several machines: tessera -H HOST, tessera hosts, host install, ls --all-hosts, every host in the strip over ssh, opening one here' },
  settings: { file: 'docs/settings.md', about: 'the settings file, changing the keys' },
  terminal: { file: 'docs/terminal.md', about: 'huge pastes, hostile output, what reaches your terminal' },
  architecture: { file: 'docs/architecture.md', about: 'how tessera works inside' },
  security: { file: 'SECURITY.md', about: 'what tessera protects against, and how to report a problem' },
  changes: { file: 'CHANGELOG.md', about: 'what changed in each version' },
};

/** `tessera help topics`: one line per topic. */
export function topicList(): string {
  const width = Math.max(...Object.keys(HELP_TOPICS).map((name) => name.length));
  const rows = Object.entries(HELP_TOPICS).map(([name, topic]) => `  ${name.padEnd(width)}  ${topic.about}`);
  return `Topics ('tessera help TOPIC', e.g. 'tessera help agents | less'):\n${rows.join('\n')}\n`;
}

/** The text of a topic, or undefined when there is no such topic; throws when its file is missing. */
export function topicText(name: string): string | undefined {
  const topic = HELP_TOPICS[name];
  if (!topic) return undefined;
  const file = PACKAGE_DIR + topic.file;
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`the '${name}' page (${file}) cannot be read: ${(error as Error).message}`);
  }
}

/** The prefix key the user's settings give (the default when the file is missing or has a mistake). */
export function prefixInForce(env: NodeJS.ProcessEnv): string {
  const loaded = loadSettings(env);
  return loaded.ok ? loaded.settings.prefix : DEFAULT_SETTINGS.prefix;
}
