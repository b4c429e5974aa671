// What a pane's program inherits from the server's environment.

import { describe, expect, it } from 'vitest';
import { paneEnvironment } from '../../../src/server/panes/paneEnv.js';

describe('paneEnvironment', () => {
  it("leaves out the server's git context (GIT_DIR and the like) but keeps the user's git settings", () => {
    const env = paneEnvironment(
      { PATH: '/bin', GIT_DIR: '/elsewhere/.git', GIT_WORK_TREE: '/elsewhere', GIT_INDEX_FILE: '/tmp/i', GIT_SSH_COMMAND: 'ssh -i key', GIT_AUTHOR_NAME: 'Ada' },
      { id: 3, socketPath: '/run/s' },
    );
    expect(env.GIT_DIR).toBeUndefined();
    expect(env.GIT_WORK_TREE).toBeUndefined();
    expect(env.GIT_INDEX_FILE).toBeUndefined();
    expect(env.GIT_SSH_COMMAND).toBe('ssh -i key');
    expect(env.GIT_AUTHOR_NAME).toBe('Ada');
    expect(env.PATH).toBe('/bin');
  });

  it("lets a workspace's own settings set them, and always names its server and pane", () => {
    const env = paneEnvironment({ TESSERA_PANE: '9', TMUX: 'x' }, { id: 3, socketPath: '/run/s' }, { GIT_DIR: '/chosen/.git', TESSERA_PANE: '7' });
    expect(env.GIT_DIR).toBe('/chosen/.git');
    expect(env.TESSERA_PANE).toBe('3');
    expect(env.TESSERA).toBe('/run/s');
    expect(env.TMUX).toBeUndefined();
  });
});
