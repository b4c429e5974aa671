// The user documentation holds together: every relative link points at a file of the repository
// (and at a heading that exists there), no document points outside the repository, and every page
// `tessera help TOPIC` shows exists and ships in the package.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELP_TOPICS, prefixInForce, topicText } from '../../../src/cli/helpTopics.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DOCUMENTS = ['README.md', 'SECURITY.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'bench/README.md', 'bench/RESULTS.md', ...fs.readdirSync(path.join(ROOT, 'docs')).map((f) => `docs/${f}`)];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

function anchorsIn(file: string): Set<string> {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1].trim())));
}

describe('the documentation', () => {
  it('links only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const doc of DOCUMENTS) {
      const text = fs.readFileSync(path.join(ROOT, doc), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue; // http:, mailto:
        const [file, anchor] = target.split('#');
        const resolved = file === '' ? doc : path.normalize(path.join(path.dirname(doc), file));
        if (!fs.existsSync(path.join(ROOT, resolved))) broken.push(`${doc}: ${target} (no file ${resolved})`);
        else if (anchor && resolved.endsWith('.md') && !anchorsIn(resolved).has(anchor)) broken.push(`${doc}: ${target} (no heading #${anchor})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('never points at a file outside the repository', () => {
    for (const doc of DOCUMENTS) {
      expect(fs.readFileSync(path.join(ROOT, doc), 'utf8'), doc).not.toMatch(/\.\.\/shared|DESIGN\.md|AGENT-CLIS\.md/);
    }
  });

  it('keeps the README short: details live in docs/', () => {
    expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThan(400);
  });
});

describe('tessera help TOPIC', () => {
  it('finds every page, and the package ships each of them', () => {
    const shipped = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { files: string[] }).files;
    for (const [name, topic] of Object.entries(HELP_TOPICS)) {
      expect(topicText(name)?.length, name).toBeGreaterThan(200);
      expect(shipped.some((entry) => entry === topic.file || (entry.endsWith('/') && topic.file.startsWith(entry))), `${topic.file} in package.json files`).toBe(true);
    }
    expect(topicText('no-such-topic')).toBeUndefined();
  });

  it("shows the prefix the user's settings give, the default when they have a mistake", () => {
    const dir = fs.mkdtempSync(path.join(ROOT, 'node_modules', '.help-prefix-'));
    try {
      fs.writeFileSync(path.join(dir, 'config.json'), '{ "prefix": "C-a" }');
      expect(prefixInForce({ TESSERA_CONFIG_DIR: dir })).toBe('C-a');
      fs.writeFileSync(path.join(dir, 'config.json'), '{ "prefix": ');
      expect(prefixInForce({ TESSERA_CONFIG_DIR: dir })).toBe('C-\\');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
