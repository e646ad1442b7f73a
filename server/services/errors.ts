import type { TResultCode } from '../../schemas/envelope';

/**
 * The domain's error vocabulary (issue 45 item 5): services fail with these, below the HTTP layer; the envelope
 * plugin (server/plugins/envelope.ts) maps an AppError to `{resultCode, resultMsg, data}`.
 */

/** A failure a client should see: it becomes `{resultCode, resultMsg, data}` and never a stack trace. */
export class AppError extends Error {
  constructor(
    public readonly resultCode: TResultCode,
    message: string,
    public readonly data: unknown = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

export const badInput = (message: string, field?: string) => new AppError('400', message, field ? { field } : null);
export const unauthorized = (message = 'token失效') => new AppError('401', message);
export const forbidden = (message = '没有权限进行此操作') => new AppError('403', message);
export const notFound = (message = '内容不存在或已删除') => new AppError('404', message);
export const conflict = (message: string, data: unknown = null) => new AppError('409', message, data);
export const tooMany = (message: string) => new AppError('429', message);
