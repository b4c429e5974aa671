// A file that is only appended to, with a size cap: past the cap its contents move to `<file>.1` (the
// older copy replaced) and it starts again empty. The server log and the answer log both use it.
// The copy is made by copying and truncating in place, so any other descriptor open on the file in
// append mode (the one the server was started with) keeps writing to the new start.

import fs from 'node:fs';

export interface CappedFile {
  /** Appends `bytes`, rotating first when they would take the file past its cap; throws when the write fails. */
  append(bytes: Uint8Array): void;
}

/** Opens (or creates, mode 0600, never through a symbolic link) `file` for appending with a cap of `maxBytes`. */
export function openCappedFile(file: string, rotatedFile: string, maxBytes: number): CappedFile {
  const flags = fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_CREAT | fs.constants.O_NOFOLLOW;
  const fd = fs.openSync(file, flags, 0o600);
  let size = fs.fstatSync(fd).size;
  const rotate = () => {
    // The copy keeps the file's own mode (0600); an older copy is replaced.
    fs.rmSync(rotatedFile, { force: true });
    fs.copyFileSync(file, rotatedFile, fs.constants.COPYFILE_EXCL);
    fs.ftruncateSync(fd, 0);
    size = 0;
  };
  return {
    append(bytes) {
      if (size > 0 && size + bytes.length > maxBytes) rotate();
      fs.writeSync(fd, bytes);
      size += bytes.length;
    },
  };
}
