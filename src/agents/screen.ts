// What an agent detector reads: the settled text of a pane's emulator, never the raw byte stream.

export interface AgentScreen {
  /** One string per visible row, trailing blanks trimmed. */
  lines: string[];
  cursorX: number;
  cursorY: number;
  /** The window title the program set (OSC 0/2), if any. */
  title?: string;
  /** wrapped[i] is true when row i continues row i-1 (the program's line was longer than the pane). */
  wrapped?: boolean[];
}

/** The screen with soft-wrapped rows joined back into the lines the program wrote. */
export function logicalLines(screen: AgentScreen): string[] {
  const wrapped = screen.wrapped;
  if (!wrapped) return screen.lines;
  const out: string[] = [];
  screen.lines.forEach((row, i) => {
    if (wrapped[i] && out.length > 0) out[out.length - 1] += row;
    else out.push(row);
  });
  return out;
}
