// Renders the chrome with Ink into a virtual terminal and hands back each frame as text.
// Ink never sees the real terminal: the compositor turns this text into cells and owns all output.

import { EventEmitter } from 'node:events';
import { createElement } from 'react';
import { render, type Instance } from 'ink';
import type { ChromeModel } from './chromeModel.js';
import { ChromeRoot } from './ChromeRoot.js';
import { visibleModel } from './visibleModel.js';

/** A stdout look-alike with a size, collecting what Ink writes. */
class VirtualStdout extends EventEmitter {
  readonly isTTY = true;
  columns: number;
  rows: number;
  lastFrame = '';

  constructor(columns: number, rows: number) {
    super();
    this.columns = columns;
    this.rows = rows;
  }

  write(chunk: string): boolean {
    this.lastFrame = chunk;
    return true;
  }
}

/** A stdin that never produces input: keys reach tessera through the socket, not through Ink. */
class SilentStdin extends EventEmitter {
  readonly isTTY = false;
  setRawMode(): this {
    return this;
  }
  setEncoding(): this {
    return this;
  }
  read(): null {
    return null;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}

export class OffscreenChrome {
  private readonly stdout: VirtualStdout;
  private readonly instance: Instance;
  private lastModelJson = '';

  constructor(model: ChromeModel) {
    this.stdout = new VirtualStdout(model.cols, model.rows);
    this.lastModelJson = JSON.stringify(model);
    this.instance = render(createElement(ChromeRoot, { model: visibleModel(model, this.lastModelJson) }), {
      stdout: this.stdout as unknown as NodeJS.WriteStream,
      stdin: new SilentStdin() as unknown as NodeJS.ReadStream,
      debug: true,
      patchConsole: false,
      exitOnCtrlC: false,
    });
  }

  /** Renders `model` if it differs from the last one; returns the frame text and whether it changed. */
  update(model: ChromeModel): { text: string; changed: boolean } {
    const json = JSON.stringify(model);
    if (json === this.lastModelJson) return { text: this.stdout.lastFrame, changed: false };
    this.lastModelJson = json;
    if (model.cols !== this.stdout.columns || model.rows !== this.stdout.rows) {
      this.stdout.columns = model.cols;
      this.stdout.rows = model.rows;
      this.stdout.emit('resize');
    }
    this.instance.rerender(createElement(ChromeRoot, { model: visibleModel(model, json) }));
    return { text: this.stdout.lastFrame, changed: true };
  }

  get text(): string {
    return this.stdout.lastFrame;
  }

  dispose(): void {
    this.instance.unmount();
    this.instance.cleanup();
  }
}
