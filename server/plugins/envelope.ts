import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { fail, type TEnvelope } from '../../schemas/envelope';
import { AppError } from '../services/errors';

const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求体过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '请求格式不支持，请使用 JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求长度无效',
  FST_ERR_CTP_INVALID_TYPE: '请求格式不支持，请使用 JSON',
  FST_REQ_FILE_TOO_LARGE: 'file: 文件过大',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'file: 请使用表单上传文件',
  FST_FILES_LIMIT: 'file: 一次只能上传一个文件',
  FST_PARTS_LIMIT: '表单字段过多',
  FST_FIELDS_LIMIT: '表单字段过多',
};

/**
 * Every answer is `{resultCode, resultMsg, data}` with HTTP 200 (architecture.md); no stack trace ever
 * reaches a client: unknown faults are logged and answered with "500" 系统处理出错.
 */
export function envelopePlugin(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => reply.code(200).send(errorEnvelope(error, request)));
}

/** The envelope a thrown error becomes (also the last event of a streamed AI call, server/http/define-ai-call.ts). */
export function errorEnvelope(error: unknown, request: FastifyRequest): TEnvelope<unknown> {
  if (error instanceof AppError) {
    // A fault answered with a message of its own (an SMS provider down): the operator still needs to see it.
    if (error.resultCode === '500') request.log.error({ err: error.cause ?? error }, error.message);
    return { resultCode: error.resultCode, resultMsg: error.message, data: error.data };
  }
  const e = error as Partial<FastifyError>;
  const known = (e.code && CLIENT_ERRORS[e.code]) || (error instanceof SyntaxError ? CLIENT_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY : null);
  if (known || (e.statusCode && e.statusCode >= 400 && e.statusCode < 500)) return fail('400', known ?? '请求无效');
  request.log.error({ err: error }, 'unhandled error');
  return fail('500', '系统处理出错');
}
