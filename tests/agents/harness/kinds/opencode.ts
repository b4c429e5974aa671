// opencode: private XDG dirs, and an opencode.json in the project that makes the fake model the only provider.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PrepareAgent } from '../kind.js';

const XDG_DIRS = ['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME', 'XDG_STATE_HOME'] as const;

export const prepareOpencode: PrepareAgent = async (stateDir, options) => {
  const env: Record<string, string> = {
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
    OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
    OPENCODE_DISABLE_SHARE: '1',
    OPENCODE_DISABLE_CLAUDE_CODE: '1',
    // opencode installs @opencode-ai/plugin into its config dir in the background at every start, with an npm built into
    // it that reads npm_config_*: offline makes that fail at once instead of reaching the registry (about 30 packages).
    npm_config_offline: 'true',
  };
  for (const name of XDG_DIRS) {
    const dir = path.join(stateDir, name.toLowerCase());
    await mkdir(dir, { recursive: true });
    env[name] = dir;
  }
  const config = {
    model: 'fake/fake-model',
    small_model: 'fake/fake-model',
    enabled_providers: ['fake'],
    permission: { bash: 'ask', external_directory: 'allow' },
    provider: {
      fake: {
        npm: '@ai-sdk/openai-compatible',
        name: 'Fake',
        options: { baseURL: `${options.serverUrl}/v1`, apiKey: 'dummy' },
        models: { 'fake-model': { name: 'Fake model', tool_call: true } },
      },
    },
  };
  await writeFile(path.join(options.cwd, 'opencode.json'), JSON.stringify(config, null, 2));
  return { bin: 'opencode', args: [], env };
};
