// The files that give agents their channel back to tessera: for now opencode's plugin, in the server's state
// directory. opencode runs that file as code in every opencode pane, so whoever could change it could run anything
// there: its folder must be a real directory of the user's own that nobody else may enter (0700; made so if it was
// looser), and the file is used only when it is a regular file of the user's, 0600, with tessera's text. Anything
// else (a link in either place, another owner, other bits, other text) is replaced by a fresh private file, renamed
// into place, never written through a link. Written when the first opencode pane starts and again when needed; a
// failure leaves that agent to its screen.

import fs from 'node:fs';
import path from 'node:path';
import { OPENCODE_PLUGIN_FILE } from '../../agents/signals/opencodePlugin.js';
import { writeFileAtomic } from '../../store/atomicWrite.js';
import { opencodePluginSource } from './opencodePluginSource.js';

/** Bits a private folder or file must not have: any access for group or others. */
const GROUP_AND_OTHER_BITS = 0o077;

const ownUid = (): number | undefined => (typeof process.getuid === 'function' ? process.getuid() : undefined);

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
      privateDirectory(this.dir);
      if (readPrivateFile(file) !== source) writeFileAtomic(file, source);
      return file;
    } catch (error) {
      if (!this.reported) this.log(`opencode panes get no plugin (their state is read off the screen): ${(error as Error).message}`);
      this.reported = true;
      return undefined;
    }
  }
}

/** Makes `dir` (0700) unless it exists; refuses one that is a link, not a directory, or someone else's; takes group and other bits off. */
function privateDirectory(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory()) throw new Error(`${dir} is not a directory (a link or a file is in its place)`);
  const uid = ownUid();
  if (uid !== undefined && stat.uid !== uid) throw new Error(`${dir} belongs to user ${stat.uid}, not to this user (${uid})`);
  if ((stat.mode & GROUP_AND_OTHER_BITS) !== 0) fs.chmodSync(dir, 0o700);
}

/** The file's text when it is a regular file of this user's that only they may read and write; otherwise undefined. */
function readPrivateFile(file: string): string | undefined {
  let fd: number | undefined;
  try {
    // O_NOFOLLOW: a link is refused here, and replaced by the rename of a fresh file, never followed.
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
    const stat = fs.fstatSync(fd);
    const uid = ownUid();
    if (!stat.isFile() || (uid !== undefined && stat.uid !== uid) || (stat.mode & GROUP_AND_OTHER_BITS) !== 0) return undefined;
    return fs.readFileSync(fd, 'utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
