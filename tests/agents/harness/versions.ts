// The pinned CLI versions, read from the test package so they are written down once.

import { readFileSync } from 'node:fs';
import type { AgentKind } from './kind.js';

const PACKAGE_OF: Record<AgentKind, string> = {
  claude: '@anthropic-ai/claude-code',
  codex: '@openai/codex',
  gemini: '@google/gemini-cli',
  opencode: 'opencode-ai',
};

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };

export const pinnedVersion = (kind: AgentKind): string => manifest.dependencies[PACKAGE_OF[kind]] ?? 'unknown';
