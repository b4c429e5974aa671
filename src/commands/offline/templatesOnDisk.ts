// tessera templates without a server: the answer a server makes (templatesAnswer in src/store), made
// from what it would read: the settings file, the project file of the repository or folder, the
// project approvals it keeps, and the PATH agents are looked up in. Nothing is written or moved.

import { sourceRepoFolder } from '../../git/repo.js';
import { ProjectApprovals } from '../../store/projectApprovals.js';
import { lookAtProject, ownPlace } from '../../store/projectLook.js';
import { loadSettings } from '../../store/settings.js';
import { DEFAULT_SETTINGS } from '../../store/settingsDefaults.js';
import { serverStateDirectory } from '../../store/stateDir.js';
import { templatesAnswer, type TemplatesAnswer } from '../../store/templateCatalog.js';
import type { OfflineCaller } from '../contract.js';

/** The templates a workspace in `dir` can use, as a server started now would list them. */
export async function storedTemplates(ctx: OfflineCaller, dir: string): Promise<TemplatesAnswer> {
  // A server with a settings file it cannot use starts with the defaults, and says why.
  const loaded = loadSettings(ctx.env);
  const settings = loaded.ok ? loaded.settings : { ...DEFAULT_SETTINGS };
  const approvals = new ProjectApprovals(serverStateDirectory(ctx.socketPath, ctx.env), { readOnly: true });
  const look = lookAtProject(ownPlace((await sourceRepoFolder(dir)) ?? dir), approvals);
  return templatesAnswer(settings, loaded.ok ? undefined : loaded.error, ctx.env, look, approvals.problem);
}
