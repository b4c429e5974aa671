// Codex: a CODEX_HOME whose config.toml points a custom Responses-API provider at the fake model.

import { mkdir, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PrepareAgent } from '../kind.js';

/** TOML basic strings accept JSON's escapes, so JSON.stringify quotes paths and URLs safely. */
const toml = (value: string): string => JSON.stringify(value);

export const prepareCodex: PrepareAgent = async (stateDir, options) => {
  const codexHome = path.join(stateDir, 'codex');
  await mkdir(codexHome, { recursive: true });
  const project = await realpath(options.cwd);
  const config = [
    'model = "fake-model"',
    'model_provider = "fake"',
    'approval_policy = "on-request"',
    'sandbox_mode = "workspace-write"',
    'check_for_update_on_startup = false',
    '',
    '[model_providers.fake]',
    'name = "fake"',
    `base_url = ${toml(`${options.serverUrl}/v1`)}`,
    'wire_api = "responses"',
    'env_key = "FAKE_API_KEY"',
    'request_max_retries = 0',
    'stream_max_retries = 0',
    '',
    `[projects.${toml(project)}]`,
    'trust_level = "trusted"',
    '',
    '[analytics]',
    'enabled = false',
    '',
  ].join('\n');
  await writeFile(path.join(codexHome, 'config.toml'), config);
  return {
    bin: 'codex',
    // Without it a background `codex app-server` outlives the TUI.
    args: ['--no-daemon'],
    env: { CODEX_HOME: codexHome, FAKE_API_KEY: 'dummy' },
  };
};
