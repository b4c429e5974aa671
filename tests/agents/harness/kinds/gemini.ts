// Gemini CLI: a GEMINI_CLI_HOME whose settings skip the auth and trust dialogs and turn off updates and telemetry.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PrepareAgent } from '../kind.js';

export const prepareGemini: PrepareAgent = async (stateDir, options) => {
  const home = path.join(stateDir, 'home');
  await mkdir(path.join(home, '.gemini'), { recursive: true });
  const settings = {
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    // Without a selected auth type an auth dialog appears even with GEMINI_API_KEY set.
    security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: false } },
    ide: { enabled: false },
    model: { name: 'gemini-2.5-flash' },
  };
  await writeFile(path.join(home, '.gemini', 'settings.json'), JSON.stringify(settings, null, 2));
  return {
    bin: 'gemini',
    args: [],
    env: { GEMINI_CLI_HOME: home, GEMINI_API_KEY: 'dummy', GOOGLE_GEMINI_BASE_URL: options.serverUrl },
  };
};
