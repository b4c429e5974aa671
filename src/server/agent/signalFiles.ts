// The files that give agents their channel back to tessera: for now opencode's plugin, in the server's state
// directory (0600 in a 0700 folder, like every file there). Written when the first opencode pane starts and again if
// it went missing or its contents differ (another tessera version's); a failure leaves that agent to its screen.

import fs from 'node:fs';
import path from 'node:path';
import { OPENCODE_PLUGIN_FILE } from '../../agents/signals/opencodePlugin.js';
import { writeFileAtomic } from '../../store/atomicWrite.js';
import { opencodePluginSource } from './opencodePluginSource.js';

export class SignalFiles {
  private reported = false;

  constructor(
    /** The folder they live in. */
    private readonly dir: string,
    private readonly log: (text: string) => void = () => {},
  ) {}

  /** The opencode plugin's path, written first when needed; undefined when it cannot be. */
  opencodePlugin(): string | undefined {
    const file = path.join(this.dir, OPENCODE_PLUGIN_FILE);
    const source = opencodePluginSource();
    try {
      if (readIfFile(file) !== source) writeFileAtomic(file, source);
      return file;
    } catch (error) {
      if (!this.reported) this.log(`opencode panes get no plugin (their state is read off the screen): ${(error as Error).message}`);
      this.reported = true;
      return undefined;
    }
  }
}

/** The file's text, or undefined when there is none (or something else is in its place). */
function readIfFile(file: string): string | undefined {
  try {
    return fs.lstatSync(file).isFile() ? fs.readFileSync(file, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}
