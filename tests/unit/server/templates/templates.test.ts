// Templates: what the settings may say, which template a name finds, what of it starts here (agents
// that are not installed and commands the allowlist refuses are left out, with a note), and where
// each pane goes.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { equalize, paneIds, splitPane, type LayoutNode } from '../../../../src/mosaic/index.js';
import { InvalidInput } from '../../../../src/protocol/validate.js';
import { AgentCatalog } from '../../../../src/agents/agentCatalog.js';
import { availableTemplates, listTemplates, type TemplateSources } from '../../../../src/store/templateCatalog.js';
import { templateSplits } from '../../../../src/server/templates/templateLayout.js';
import { prepareTemplate } from '../../../../src/server/templates/index.js';
import { RefusedError } from '../../../../src/server/refusedError.js';
import { DEFAULT_SETTINGS, type Settings } from '../../../../src/store/settingsDefaults.js';
import { parseTemplates, type TemplateLayout, type WorkspaceTemplate } from '../../../../src/store/workspaceTemplate.js';

let bin: string;

beforeEach(() => {
  // A PATH where only claude (and the shells of the system) are installed.
  bin = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-templates-'));
  fs.writeFileSync(path.join(bin, 'claude'), '#!/bin/sh\n', { mode: 0o755 });
});

afterEach(() => fs.rmSync(bin, { recursive: true, force: true }));

function sources(templates: WorkspaceTemplate[] = [], extra: Partial<Settings> = {}, project?: TemplateSources['project']): TemplateSources {
  const settings = { ...DEFAULT_SETTINGS, templates, ...extra };
  return { settings, catalog: new AgentCatalog(settings.customAgents), configDir: path.join(bin, 'no-config'), envPath: `${bin}:/usr/bin:/bin`, project };
}

describe('template settings', () => {
  it('reads agents, shells and commands, in short and long form, with a layout', () => {
    const [t] = parseTemplates([{ name: 'dev+web', layout: 'rows', panes: ['claude', 'shell', { agent: 'codex' }, { shell: true }, { command: ['npm', 'run', 'dev'] }] }], 'templates');
    expect(t).toEqual({ name: 'dev+web', layout: 'rows', panes: [{ agent: 'claude' }, { shell: true }, { agent: 'codex' }, { shell: true }, { command: ['npm', 'run', 'dev'] }] });
  });

  it.each([
    [[{ name: 'Big', panes: ['shell'] }], /lowercase/],
    [[{ name: 'x', panes: [] }], /1 to 8 panes/],
    [[{ name: 'x', panes: Array(9).fill('shell') }], /1 to 8 panes/],
    [[{ name: 'x', panes: [{ agent: 'claude', command: ['ls'] }] }], /exactly one of/],
    [[{ name: 'x', panes: [{ command: [] }] }], /command is empty/],
    [[{ name: 'x', panes: [{ shell: 'zsh' }] }], /shell must be true/],
    [[{ name: 'x', layout: 'grid', panes: ['shell'] }], /layout must be one of tiled, columns, rows, bottom/],
    [[{ name: 'x', panes: ['shell'] }, { name: 'x', panes: ['claude'] }], /'x' is defined twice/],
    ['pair', /must be a list/],
  ])('refuses %j with a message naming the field', (value, message) => {
    expect(() => parseTemplates(value, 'templates')).toThrow(InvalidInput);
    expect(() => parseTemplates(value, 'templates')).toThrow(message);
  });
});

describe('finding a template', () => {
  it('lists the built-ins, then yours (replacing a built-in of the same name), then the project ones that take no name', () => {
    const mine: WorkspaceTemplate = { name: 'pair', panes: [{ agent: 'claude' }, { shell: true }] };
    const project = { file: '/p/.tessera.json', approved: false, templates: [{ name: 'claude+shell', panes: [{ shell: true }] }, { name: 'web', panes: [{ command: ['npm', 'start'] }] }] as WorkspaceTemplate[] };
    const entries = availableTemplates(sources([mine], {}, project));
    expect(entries.map((e) => `${e.template.name}:${e.source}`)).toEqual(['claude+shell:built-in', 'codex+shell:built-in', 'pair+shell:built-in', 'all-agents:built-in', 'pair:settings', 'web:project']);
  });

  it('says which agents are missing here and which project templates wait for approval', () => {
    const project = { file: '/p/.tessera.json', approved: false, templates: [{ name: 'web', panes: [{ command: ['npm', 'start'] }] }] as WorkspaceTemplate[] };
    const listed = listTemplates(sources([], {}, project));
    expect(listed.find((t) => t.name === 'pair')).toMatchObject({ source: 'built-in', panes: ['claude', 'codex'], missing: ['codex'], needsApproval: false });
    expect(listed.find((t) => t.name === 'claude+shell')).toMatchObject({ missing: [] });
    expect(listed.find((t) => t.name === 'web')).toEqual({ name: 'web', source: 'project', description: 'npm start', panes: ['npm start'], missing: [], needsApproval: true });
  });

  it('refuses an unknown name in one line listing the names there are', () => {
    expect(() => prepareTemplate('nope', sources(), '/tmp')).toThrow(RefusedError);
    expect(() => prepareTemplate('nope', sources(), '/tmp')).toThrow(/^no template named 'nope'; the templates are: claude\+shell, codex\+shell, pair, pair\+shell, all-agents \(/);
  });

  it('says why the settings file, and so its templates, is not in use when the name is unknown', () => {
    const broken = { ...sources(), settingsError: 'config.json:2:3: scrollback must be a whole number' };
    expect(() => prepareTemplate('mine', broken, '/tmp')).toThrow(
      /^no template named 'mine'; .*\); the settings file is not in use, so neither are its templates and custom agents: config\.json:2:3: scrollback must be/,
    );
  });

  it('refuses a template that names an agent nobody knows, before anything starts', () => {
    expect(() => prepareTemplate('typo', sources([{ name: 'typo', panes: [{ agent: 'cluade' }] }]), '/tmp')).toThrow(/names an unknown agent 'cluade'; known agents: claude, codex, opencode, gemini/);
  });
});

describe('what a template starts here', () => {
  it('starts the installed agents and shells, and leaves out agents that are not installed with a note', () => {
    const plan = prepareTemplate('pair+shell', sources(), '/work');
    expect(plan.launches).toEqual([{ agent: { kind: 'claude' }, requestDir: '/work' }, { requestDir: '/work' }]);
    expect(plan.note).toBe('template pair+shell: left out codex (not installed)');
    expect(plan.layout).toBe('bottom');
  });

  it('opens a shell when nothing of the template can start', () => {
    const plan = prepareTemplate('codex+shell', sources([{ name: 'codex+shell', panes: [{ agent: 'codex' }, { agent: 'gemini' }] }]), '/work');
    expect(plan.launches).toEqual([{ requestDir: '/work' }]);
    expect(plan.note).toBe('template codex+shell: left out codex (not installed); gemini (not installed); a shell instead');
  });

  it('runs a command of your settings only when the allowlist has it, and one that is not found is left out', () => {
    const templates: WorkspaceTemplate[] = [{ name: 'web', panes: [{ agent: 'claude' }, { command: ['sh', '-c', 'npm start'] }, { command: ['rm', '-rf', '/'] }, { command: ['nu-not-here'] }] }];
    const plan = prepareTemplate('web', sources(templates, { extraCommands: ['nu-not-here'] }), '/work');
    expect(plan.launches.map((l) => l.argv ?? l.agent?.kind)).toEqual(['claude', ['sh', '-c', 'npm start']]);
    expect(plan.note).toMatch(/left out 'rm -rf \/' \(not allowed: add 'rm' to extraCommands to allow it\); 'nu-not-here' \(.*not found/);
  });

  it('starts only a shell for a project template whose file is not approved; once approved, its commands without the allowlist', () => {
    const project = { file: '/p/.tessera.json', approved: false, templates: [{ name: 'web', panes: [{ agent: 'claude' }, { command: ['cat', '-n'] }] }] as WorkspaceTemplate[] };
    const waiting = prepareTemplate('web', sources([], {}, project), '/work');
    expect(waiting).toMatchObject({ launches: [{ requestDir: '/work' }], waitsForApproval: true });
    const approved = prepareTemplate('web', sources([], {}, { ...project, approved: true }), '/work');
    expect(approved.waitsForApproval).toBeUndefined();
    expect(approved.launches).toEqual([{ agent: { kind: 'claude' }, requestDir: '/work' }, { argv: ['cat', '-n'], requestDir: '/work' }]);
  });
});

describe('where the panes go', () => {
  /** The tree the splits make, as nested arrays of pane indexes ('r' side by side, 'c' stacked). */
  function shape(count: number, layout?: TemplateLayout): unknown {
    let tree: LayoutNode = { kind: 'pane', paneId: 0 };
    for (const split of templateSplits(count, layout)) tree = splitPane(tree, split.from, split.index, split.side);
    expect(paneIds(tree)).toEqual(Array.from({ length: count }, (_, i) => i)); // reading order is the template's order
    const show = (node: LayoutNode): unknown => (node.kind === 'pane' ? node.paneId : [node.direction === 'row' ? 'r' : 'c', ...node.children.map(show)]);
    return show(equalize(tree));
  }

  it('tiles: the first pane on the left, the others beside it, half and half from four panes', () => {
    expect(shape(1)).toBe(0);
    expect(shape(2)).toEqual(['r', 0, 1]);
    expect(shape(3)).toEqual(['r', 0, ['c', 1, 2]]);
    expect(shape(4)).toEqual(['r', ['c', 0, 1], ['c', 2, 3]]);
    expect(shape(5)).toEqual(['r', ['c', 0, 1], ['c', 2, 3, 4]]);
  });

  it('puts panes in columns, in rows, or side by side over a last pane at the bottom', () => {
    expect(shape(3, 'columns')).toEqual(['r', 0, 1, 2]);
    expect(shape(3, 'rows')).toEqual(['c', 0, 1, 2]);
    expect(shape(3, 'bottom')).toEqual(['c', ['r', 0, 1], 2]);
    expect(shape(2, 'bottom')).toEqual(['c', 0, 1]);
  });
});
