// Clears a status-bar notice once it is old news (STATUS_NOTICE_MS). A prompt (tone 'question': a y/n
// confirmation, the search line) takes the next key and stays until it gets it.

import { STATUS_NOTICE_MS } from '../../limits.js';
import type { StatusBarModel } from '../../app/chromeModel.js';

export class NoticeTimer {
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** `expired` runs when the notice set last has been shown its time (not for a prompt, nor after dispose). */
  constructor(private readonly expired: () => void) {}

  /** A message was set (undefined: cleared): a notice's time starts again, even when it says the same. */
  set(message: StatusBarModel['message']): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (message === undefined || message.tone === 'question') return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.expired();
    }, STATUS_NOTICE_MS);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
