// The detector for each agent kind tessera knows.

import { claudeDetector } from './claude.js';
import { codexDetector } from './codex.js';
import type { AgentDetector, AgentKind } from './detection.js';
import { geminiDetector } from './gemini.js';
import { opencodeDetector } from './opencode.js';

export const AGENT_DETECTORS: Readonly<Record<AgentKind, AgentDetector>> = {
  claude: claudeDetector,
  codex: codexDetector,
  gemini: geminiDetector,
  opencode: opencodeDetector,
};
