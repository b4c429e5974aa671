// The patch of a workspace against HEAD, untracked files included (git diff alone never shows them).

import { EMPTY_TREE } from './diffSummary.js';
import { untrackedFiles, withUntrackedIntent } from './intentIndex.js';
import { headCommit } from './repo.js';
import { gitOk } from './run.js';

/** The patch without colours: whoever shows it colours it after escaping what came from the repository. */
export async function diffText(dir: string, options: { stat?: boolean } = {}): Promise<string> {
  const head = await headCommit(dir);
  const untracked = await untrackedFiles(dir);
  const args = ['diff', '--no-color', ...(options.stat ? ['--stat'] : []), head ?? EMPTY_TREE];
  return withUntrackedIntent(dir, untracked, (env) => gitOk(dir, args, { env }));
}
