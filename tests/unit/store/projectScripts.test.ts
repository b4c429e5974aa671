// Which files a project file's commands would execute: programs given as paths, scripts handed to a
// shell or an interpreter, and the commands inside a shell's -c text (never a redirection's target).

import { describe, expect, it } from 'vitest';
import { executedPaths, simpleCommands } from '../../../src/store/projectScripts.js';

describe('executedPaths', () => {
  it('finds a program given as a path and the script a shell or interpreter is handed', () => {
    expect(executedPaths(['./setup.sh'])).toEqual(['./setup.sh']);
    expect(executedPaths(['sh', 'setup.sh', 'arg'])).toEqual(['setup.sh']);
    // An absolute program is named too; only files inside the folder are hashed (projectFile.ts).
    expect(executedPaths(['/bin/bash', '-e', '-o', 'pipefail', 'scripts/setup'])).toEqual(['/bin/bash', 'scripts/setup']);
    expect(executedPaths(['node', '--inspect', 'tools/dev.js', 'data.json'])).toEqual(['tools/dev.js', 'data.json']);
    expect(executedPaths(['env', 'FOO=1', 'python3', 'manage.py', 'runserver'])).toEqual(['manage.py', 'runserver']);
    expect(executedPaths(['npm', 'ci'])).toEqual([]);
    expect(executedPaths(['make'])).toEqual([]);
  });

  it("reads a shell's -c text: each command's program and scripts, sourced files, nested shells", () => {
    expect(executedPaths(['sh', '-c', 'echo ran >> marker; exec cat'])).toEqual([]);
    expect(executedPaths(['bash', '-lc', 'npm ci && ./scripts/post.sh 2>&1 | tee log.txt'])).toEqual(['./scripts/post.sh']);
    expect(executedPaths(['sh', '-c', '. ./env.sh; X=1 bash "my script.sh" > out'])).toEqual(['./env.sh', 'my script.sh']);
    expect(executedPaths(['sh', '-c', "sh -c 'node a.js'"])).toEqual(['a.js']);
    expect(executedPaths(['sh', '-c', 'echo $(./gen.sh) `./other.sh`'])).toEqual(['./gen.sh', './other.sh']);
  });
});

describe('simpleCommands', () => {
  it('splits at operators, drops redirection targets and descriptors, keeps quoted words whole', () => {
    expect(simpleCommands(`a 'b c' "d \\"e\\"" 2>/dev/null >>out <in; f|g && h`)).toEqual([['a', 'b c', 'd "e"'], ['f'], ['g'], ['h']]);
  });
});
