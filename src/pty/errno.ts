// Recognising a Node.js system error by its errno code (ENOENT, ESRCH, …).

export function isErrnoCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}
