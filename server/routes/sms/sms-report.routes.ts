import type { FastifyInstance } from 'fastify';
import { recordAliyunReports } from '../../services/sms/sms-report.service';

/**
 * Delivery reports (短信回执) of the SMS provider (issue 50 item 3): Aliyun's HTTP batch push of SmsReport posts a
 * JSON array; each item is matched by its biz_id (the message's provider_id) and phone, and the message becomes
 * delivered or failed. Aliyun wants {"code":0} back, else it pushes again.
 */
export function smsReportRoutes(app: FastifyInstance): void {
  app.post('/sms/report/aliyun', async (request, reply) => {
    const matched = await recordAliyunReports(app.deps.database.query, request.body, app.deps.now());
    return reply.send({ code: 0, msg: '接收成功', matched });
  });
}
