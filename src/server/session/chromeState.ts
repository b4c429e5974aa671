// What one client shows around the panes that is not the workspace's: the message line, the
// prefix indicator and an open overlay.

import type { Overlay, StatusBarModel } from '../../app/chromeModel.js';

export interface ChromeState {
  message?: StatusBarModel['message'];
  prefixPending: boolean;
  overlay: Overlay;
}

export const initialChromeState = (): ChromeState => ({ prefixPending: false, overlay: { kind: 'none' } });
