// The name a command is known by: its last path component, minus a Windows executable extension, lowercased.

/** Extensions Windows runs directly; `claude.exe` and `claude` are the same program to the allowlist. */
const EXECUTABLE_EXTENSIONS = ['.exe', '.cmd', '.bat', '.com', '.ps1'] as const;

/**
 * `/usr/local/bin/Claude.EXE` → `claude`, `C:\tools\pwsh.exe` → `pwsh`.
 * Both separators count on every platform so a Windows path typed on Linux still names its program.
 * Only one trailing extension is removed, and never the whole name (`.exe` stays `.exe`).
 */
export function programName(command: string): string {
  const base = command.slice(Math.max(command.lastIndexOf('/'), command.lastIndexOf('\\')) + 1).toLowerCase();
  const extension = EXECUTABLE_EXTENSIONS.find((ext) => base.endsWith(ext) && base.length > ext.length);
  return extension ? base.slice(0, -extension.length) : base;
}
