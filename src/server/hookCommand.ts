// The command line of `tessera agent-hook` for the agents this server starts: this node and this package's entry
// script, by absolute path, so the agent finds the very tessera that started it whatever its PATH says.

import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** node, bin/tessera.js, `hook`; undefined when the entry script is not where the package keeps it. */
export function hookCommand(): string[] | undefined {
  // This file is one folder below src/ (source) or dist/ (the build): the entry is in bin/ beside both.
  const entry = fileURLToPath(new URL('../../bin/tessera.js', import.meta.url));
  return fs.existsSync(entry) ? [process.execPath, entry, 'agent-hook'] : undefined;
}
