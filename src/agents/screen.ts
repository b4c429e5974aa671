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

/** A line the program wrote and the screen row it starts on. */
export interface LogicalLine {
  text: string;
  row: number;
}

/** The screen with soft-wrapped rows joined back into the lines the program wrote, each with its first row. */
export function logicalRows(screen: AgentScreen): LogicalLine[] {
  const wrapped = screen.wrapped;
  const out: LogicalLine[] = [];
  screen.lines.forEach((text, row) => {
    const last = out.at(-1);
    if (wrapped?.[row] && last) last.text += text;
    else out.push({ text, row });
  });
  return out;
}

/** The screen with soft-wrapped rows joined back into the lines the program wrote. */
export function logicalLines(screen: AgentScreen): string[] {
  return screen.wrapped ? logicalRows(screen).map((line) => line.text) : screen.lines;
}
