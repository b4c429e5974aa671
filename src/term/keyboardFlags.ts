// The kitty keyboard protocol flags a pane's program set (push `CSI > f u`, pop `CSI < n u`, set
// `CSI = f ; mode u`), and the answer to its query (`CSI ? u`), which xterm does not know. The main
// and alternate screens keep their own stacks, as the protocol says; entering the alternate screen
// starts its stack afresh, and a reset (RIS) clears both.

import type { IDisposable, Terminal } from '@xterm/headless';
import { MAX_KEYBOARD_FLAG_STACK } from '../limits.js';
import { KITTY_SUPPORTED_FLAGS } from './keys/kitty.js';

interface FlagStack {
  current: number;
  below: number[];
}

const empty = (): FlagStack => ({ current: 0, below: [] });
const first = (params: (number | number[])[], fallback: number): number => {
  const value = params[0];
  return typeof value === 'number' && value > 0 ? value : fallback;
};

export function trackKeyboardFlags(terminal: Terminal, reply: (data: string) => void): { readonly flags: number } & IDisposable {
  let main = empty();
  let alternate = empty();
  const buffers = terminal.buffer; // kept: xterm's getter is slow
  const active = () => (buffers.active.type === 'alternate' ? alternate : main);
  const handle = (run: (stack: FlagStack, params: (number | number[])[]) => void) => (params: (number | number[])[]) => {
    run(active(), params);
    return true;
  };
  const hooks: IDisposable[] = [
    terminal.parser.registerCsiHandler(
      { prefix: '?', final: 'u' },
      handle((stack) => reply(`\x1b[?${stack.current}u`)),
    ),
    terminal.parser.registerCsiHandler(
      { prefix: '>', final: 'u' },
      handle((stack, params) => {
        stack.below.push(stack.current);
        if (stack.below.length > MAX_KEYBOARD_FLAG_STACK) stack.below.shift();
        stack.current = first(params, 0) & KITTY_SUPPORTED_FLAGS;
      }),
    ),
    terminal.parser.registerCsiHandler(
      { prefix: '<', final: 'u' },
      handle((stack, params) => {
        for (let n = first(params, 1); n > 0; n--) stack.current = stack.below.pop() ?? 0;
      }),
    ),
    terminal.parser.registerCsiHandler(
      { prefix: '=', final: 'u' },
      handle((stack, params) => {
        const flags = first(params, 0) & KITTY_SUPPORTED_FLAGS;
        const mode = typeof params[1] === 'number' ? params[1] : 1;
        if (mode === 1) stack.current = flags;
        else if (mode === 2) stack.current |= flags;
        else if (mode === 3) stack.current &= ~flags;
      }),
    ),
    terminal.parser.registerEscHandler({ final: 'c' }, () => {
      main = empty();
      alternate = empty();
      return false;
    }),
    terminal.buffer.onBufferChange((buffer) => {
      if (buffer.type === 'alternate') alternate = empty();
    }),
  ];
  return {
    get flags() {
      return active().current;
    },
    dispose: () => hooks.forEach((h) => h.dispose()),
  };
}
