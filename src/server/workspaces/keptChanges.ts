// The change cache kept across servers: restored when the server starts (only the folders of its workspaces),
// written a moment after counts are kept, and once more as the server stops.

import type { ChangeCache } from '../../git/changeCache.js';
import type { ChangeCacheFile } from '../../store/changeCacheFile.js';

export interface KeptChanges {
  /** Writes what is waiting to be written (the server stops). */
  flush(): Promise<void>;
}

export function keepChangesOnDisk(cache: ChangeCache, file: ChangeCacheFile, workspaceDirs: ReadonlySet<string>): KeptChanges {
  cache.restore(file.read().filter((entry) => workspaceDirs.has(entry.dir)));
  const stored = () => cache.stored();
  cache.onKept = () => file.saveSoon(stored);
  return { flush: () => file.flush(stored) };
}
