// Asking before tessera is started inside one of its own panes, where it would draw a mosaic in a pane.

export async function confirmNesting(env: NodeJS.ProcessEnv, err: (text: string) => void): Promise<boolean> {
  const pane = env.TESSERA_PANE;
  if (!pane) return true;
  if (!process.stdin.isTTY) {
    err(`tessera: this terminal is tessera pane ${pane}; refusing to nest without a terminal to confirm on\n`);
    return false;
  }
  const readline = await import('node:readline/promises'); // only needed in this rare case
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(
      `You are inside tessera pane ${pane}. Starting tessera here draws a whole mosaic inside this pane.\n` +
        'Tip: "tessera split --right" adds a pane to the mosaic you are in.\nNest anyway? [y/N] ',
    );
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}
