// Per-workspace .env files: seeded from the source repository's file of the same path (a worktree
// does not check out an untracked .env), with named keys rewritten for this workspace (its ports, its
// database name) and named keys kept from the workspace's own file when it is refreshed (a secret the
// agent set there). Pure text rules here, and one careful write: never through a symbolic link.

import fs from 'node:fs';
import path from 'node:path';
import type { StackEnvFile } from '../../store/stackProfile.js';

const LINE_KEY = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/;

/** `${NAME}` of the given variables expanded; any other `${…}` is left as it is. */
export function expand(template: string, vars: Readonly<Record<string, string>>): string {
  return template.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => vars[name] ?? whole);
}

/** The values of the keys of a .env text (the last one of a key wins, as dotenv reads it). */
function values(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of text.split('\n')) {
    const key = LINE_KEY.exec(line)?.[1];
    if (key !== undefined) found.set(key, line);
  }
  return found;
}

/**
 * The workspace's file: the source's lines, each rewritten key's line replaced by `KEY=value`, each
 * preserved key's line taken from the workspace's current file when it has one; rewritten keys the
 * source lacks are added at the end.
 */
export function seededEnv(source: string, current: string | undefined, spec: Pick<StackEnvFile, 'rewrite' | 'preserve'>, vars: Readonly<Record<string, string>>): string {
  const kept = current === undefined ? new Map<string, string>() : values(current);
  const written = new Set<string>();
  const lines = source.split('\n').map((line) => {
    const key = LINE_KEY.exec(line)?.[1];
    if (key === undefined) return line;
    if (spec.preserve.includes(key) && kept.has(key)) {
      written.add(key);
      return kept.get(key) as string;
    }
    if (key in spec.rewrite) {
      written.add(key);
      return `${key}=${expand(spec.rewrite[key], vars)}`;
    }
    return line;
  });
  const added = Object.keys(spec.rewrite).filter((key) => !written.has(key)).map((key) => (spec.preserve.includes(key) && kept.has(key) ? (kept.get(key) as string) : `${key}=${expand(spec.rewrite[key], vars)}`));
  if (added.length === 0) return lines.join('\n');
  const body = lines.join('\n');
  return `${body}${body === '' || body.endsWith('\n') ? '' : '\n'}${added.join('\n')}\n`;
}

/** Seeds each file in the workspace; returns notes for what was not written. */
export function seedEnvFiles(files: readonly StackEnvFile[], sourceRepo: string, workspaceDir: string, vars: Readonly<Record<string, string>>): string[] {
  const notes: string[] = [];
  for (const spec of files) {
    const from = path.join(sourceRepo, spec.path);
    const to = path.join(workspaceDir, spec.path);
    let source = '';
    try {
      if (from !== to) source = fs.readFileSync(from, 'utf8');
      else if (fs.existsSync(to)) source = fs.readFileSync(to, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') notes.push(`${spec.path} not seeded: ${(error as Error).message}`);
    }
    let current: string | undefined;
    try {
      if (fs.lstatSync(to).isSymbolicLink()) {
        notes.push(`${spec.path} not seeded: in the workspace it is a symbolic link, never written through`);
        continue;
      }
      current = fs.readFileSync(to, 'utf8');
    } catch {
      current = undefined;
    }
    const text = seededEnv(source, current, spec, vars);
    if (text === current) continue;
    try {
      fs.mkdirSync(path.dirname(to), { recursive: true });
      const fd = fs.openSync(to, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_TRUNC | fs.constants.O_NOFOLLOW, 0o600);
      try {
        fs.writeFileSync(fd, text);
      } finally {
        fs.closeSync(fd);
      }
    } catch (error) {
      notes.push(`${spec.path} not seeded: ${(error as Error).message}`);
    }
  }
  return notes;
}
