// What an agent detector reads: the settled text of a pane's emulator, never the raw byte stream.

export interface AgentScreen {
  /** One string per visible row, trailing blanks trimmed. */
  lines: string[];
  cursorX: number;
  cursorY: number;
  /** The window title the program set (OSC 0/2), if any. */
  title?: string;
}
