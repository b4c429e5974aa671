// Everything tessera draws around the panes. Pane contents are holes: the compositor fills them.

import { Box } from 'ink';
import { AddPaneDialog } from './addPane/AddPaneDialog.js';
import type { ChromeModel } from './chromeModel.js';
import { ConfirmEndDialog } from './confirmEnd/ConfirmEndDialog.js';
import { Divider } from './Divider.js';
import { HelpOverlay } from './HelpOverlay.js';
import { InboxDialog } from './inbox/InboxDialog.js';
import { NewWorkspaceDialog } from './newWorkspace/NewWorkspaceDialog.js';
import { CommandPalette } from './palette/CommandPalette.js';
import { PaneHeader } from './PaneHeader.js';
import { StatusBar } from './StatusBar.js';
import { DARK_PALETTE } from './theme/palettes.js';
import { ThemeContext } from './theme/ThemeContext.js';
import { WorkspaceStrip } from './WorkspaceStrip.js';

export function ChromeRoot({ model }: { model: ChromeModel }) {
  return (
    <ThemeContext.Provider value={model.palette ?? DARK_PALETTE}>
    <Box width={model.cols} height={model.rows} flexDirection="column">
      {model.headers.map((pane) => (
        <PaneHeader key={pane.id} pane={pane} />
      ))}
      {model.dividers.map((rect) => (
        <Divider key={`${rect.x},${rect.y}`} rect={rect} />
      ))}
      {model.strip && model.rows >= 2 ? <WorkspaceStrip entries={model.strip} cols={model.cols} row={model.rows - 2} /> : null}
      <StatusBar status={model.status} cols={model.cols} row={model.rows - 1} />
      {model.overlay.kind === 'help' ? (
        <HelpOverlay prefix={model.overlay.prefix} bindings={model.overlay.bindings} rect={model.overlay.rect} offset={model.overlay.offset} />
      ) : null}
      {model.overlay.kind === 'add-pane' ? <AddPaneDialog state={model.overlay.state} rect={model.overlay.rect} /> : null}
      {model.overlay.kind === 'palette' ? <CommandPalette state={model.overlay.state} rect={model.overlay.rect} /> : null}
      {model.overlay.kind === 'confirm-end' ? <ConfirmEndDialog state={model.overlay.state} rect={model.overlay.rect} /> : null}
      {model.overlay.kind === 'inbox' ? <InboxDialog state={model.overlay.state} rect={model.overlay.rect} /> : null}
      {model.overlay.kind === 'new-workspace' ? <NewWorkspaceDialog state={model.overlay.state} rect={model.overlay.rect} /> : null}
    </Box>
    </ThemeContext.Provider>
  );
}
