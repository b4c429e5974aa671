// Every question agents wait on now, across all open workspaces, oldest first: what `tessera approvals`
// lists and the inbox shows. A question is listed while its pane's pill says approval (as the bar shows it).

import type { WaitingQuestion } from '../../commands/approvals.js';
import type { Pane } from '../panes/pane.js';
import type { Workspace } from '../workspaces/workspace.js';

export function waitingQuestions(workspaces: readonly Workspace[], now = Date.now()): WaitingQuestion[] {
  const rows: (WaitingQuestion & { at: number })[] = [];
  for (const workspace of workspaces) {
    for (const pane of workspace.orderedPanes()) {
      const question = pane.status === 'approval' ? pane.waiting : undefined;
      if (!question) continue;
      rows.push({
        id: question.id,
        workspace: workspace.name,
        pane: pane.id,
        agent: agentName(pane),
        askedAt: new Date(question.askedAt).toISOString(),
        ageSeconds: Math.max(0, Math.floor((now - question.askedAt) / 1000)),
        question: question.text || 'waits for your answer',
        at: question.askedAt,
      });
    }
  }
  return rows.sort((a, b) => a.at - b.at || a.pane - b.pane).map(({ at: _at, ...row }) => row);
}

const agentName = (pane: Pane): string => pane.agent ?? pane.command;
