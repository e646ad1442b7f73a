/** The message a screen shows for a failed actor: the server's resultMsg travels as the error's message. */
export function messageOf(error: unknown, fallback = '系统处理出错'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) return error.message;
  return fallback;
}
