// Claude Code: config dir with onboarding, key approval and folder trust already done.

import { mkdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PrepareAgent } from '../kind.js';

const API_KEY = 'sk-ant-api03-tessera-fake-key-0000000000000000';
/** Claude Code remembers an approved custom key by its last 20 characters. */
const KEY_SUFFIX_LENGTH = 20;

export const prepareClaude: PrepareAgent = async (stateDir, options) => {
  const configDir = path.join(stateDir, 'cfg');
  await mkdir(configDir, { recursive: true });
  const project = await realpath(options.cwd);
  const config = {
    hasCompletedOnboarding: true,
    theme: 'dark',
    customApiKeyResponses: { approved: [API_KEY.slice(-KEY_SUFFIX_LENGTH)], rejected: [] },
    projects: { [project]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } },
  };
  await writeFile(path.join(configDir, '.claude.json'), JSON.stringify(config, null, 2));
  return {
    bin: 'claude',
    // The default mode is "auto", which answers permissions itself; tests need the dialog.
    args: ['--permission-mode', 'default'],
    env: {
      CLAUDE_CONFIG_DIR: configDir,
      ANTHROPIC_BASE_URL: options.serverUrl,
      ANTHROPIC_API_KEY: API_KEY,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
    },
  };
};
