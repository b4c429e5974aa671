// tessera's git commands never take the repository's location (or any other context) from the
// server's environment: a server started where GIT_DIR was set still asks each workspace's own repository.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitEnvironment } from '../../../src/git/gitEnv.js';
import { currentBranch } from '../../../src/git/repo.js';
import { gitOk } from '../../../src/git/run.js';
import { git, repoWithRemote } from '../../helpers/gitRepo.js';
import { scratch } from '../../helpers/scratch.js';

const temp = scratch('tessera-gitenv-');
const saved = { ...process.env };

afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

describe('the environment of git commands', () => {
  it('drops context variables and keeps the user settings tessera names', () => {
    const env = gitEnvironment({
      PATH: '/bin',
      GIT_DIR: '/elsewhere/.git',
      GIT_WORK_TREE: '/elsewhere',
      GIT_INDEX_FILE: '/elsewhere/.git/index',
      GIT_OBJECT_DIRECTORY: '/elsewhere/.git/objects',
      GIT_COMMON_DIR: '/elsewhere/.git',
      GIT_CONFIG_PARAMETERS: "'core.bare'='true'",
      GIT_LITERAL_PATHSPECS: '1',
      GIT_TRACE: '1',
      GIT_SOMETHING_NEW: 'x',
      GIT_SSH_COMMAND: 'ssh -i key',
      GIT_CONFIG_GLOBAL: '/home/me/.gitconfig-work',
      GIT_AUTHOR_NAME: 'me',
    });
    expect(Object.keys(env).filter((k) => k.startsWith('GIT_')).sort()).toEqual(['GIT_ASKPASS', 'GIT_AUTHOR_NAME', 'GIT_CONFIG_GLOBAL', 'GIT_SSH_COMMAND', 'GIT_TERMINAL_PROMPT']);
    expect(env).toMatchObject({ PATH: '/bin', GIT_SSH_COMMAND: 'ssh -i key', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' });
    // What tessera passes itself (a throwaway index) still goes through.
    expect(gitEnvironment({ GIT_INDEX_FILE: '/user/index' }, { GIT_INDEX_FILE: '/tmp/x/index' }).GIT_INDEX_FILE).toBe('/tmp/x/index');
    expect(gitEnvironment({}).GIT_SSH_COMMAND).toBe('ssh -o BatchMode=yes');
  });

  it('asks the folder it is given even when GIT_DIR and GIT_WORK_TREE point at another repository', async () => {
    const { repo } = repoWithRemote(temp.dir());
    git(repo, 'checkout', '-q', '-b', 'mine');
    const other = path.join(fs.realpathSync(temp.dir()), 'other');
    fs.mkdirSync(other);
    git(other, 'init', '-q', '-b', 'theirs');
    process.env.GIT_DIR = path.join(other, '.git');
    process.env.GIT_WORK_TREE = other;
    process.env.GIT_INDEX_FILE = path.join(other, '.git', 'index');
    expect(await currentBranch(repo)).toBe('mine');
    expect((await gitOk(repo, ['rev-parse', '--show-toplevel'])).trim()).toBe(repo);
  });
});
