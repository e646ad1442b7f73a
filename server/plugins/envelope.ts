import type { FastifyError, FastifyInstance } from 'fastify';
import { fail } from '../../schemas/envelope';
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
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // A fault answered with a message of its own (an SMS provider down): the operator still needs to see it.
      if (error.resultCode === '500') request.log.error({ err: error.cause ?? error }, error.message);
      return reply.code(200).send({ resultCode: error.resultCode, resultMsg: error.message, data: error.data });
    }
    const known = (error.code && CLIENT_ERRORS[error.code]) || (error instanceof SyntaxError ? CLIENT_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY : null);
    if (known || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      return reply.code(200).send(fail('400', known ?? '请求无效'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(200).send(fail('500', '系统处理出错'));
  });
}
