// Which session finder each built-in agent uses (custom agents have none: they are never resumed).

import type { AgentKind } from '../detection.js';
import { claudeSessions } from './claude.js';
import { codexSessions } from './codex.js';
import { geminiSessions } from './gemini.js';
import { opencodeSessions } from './opencode.js';
import type { AgentSessions } from './types.js';

export type { AgentSessions, SessionLookup } from './types.js';

export const AGENT_SESSIONS: Readonly<Record<AgentKind, AgentSessions>> = {
  claude: claudeSessions,
  codex: codexSessions,
  gemini: geminiSessions,
  opencode: opencodeSessions,
};
