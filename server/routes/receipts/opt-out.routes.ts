import type { FastifyInstance } from 'fastify';
import { safeEqual } from '../../services/crypto';
import { readAliyunUplinks, receiveSmsUplinks } from '../../services/invitations/sms-uplink.service';
import { unsubscribe } from '../../services/invitations/unsubscribe.service';

/**
 * Opt-outs that do not come through the page (issue 50 item 4): a mail client's one-click unsubscribe (RFC 8058:
 * POST List-Unsubscribe=One-Click to the List-Unsubscribe address) and the SMS provider's uplink push of replies
 * (TD …) at /sms/uplink/<SMS_UPLINK_KEY>, answered in Aliyun's terms.
 */
export function optOutRoutes(app: FastifyInstance): void {
  const { deps } = app;
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4 * 1024 }, (_request, body, done) => done(null, body));
    scope.post<{ Querystring: { t?: string } }>('/mail/unsubscribe', async (request, reply) => {
      const token = typeof request.query.t === 'string' ? request.query.t.slice(0, 200) : '';
      await unsubscribe(deps.database.query, deps.secret, token, deps.now());
      return reply.type('text/plain; charset=utf-8').send('已退订');
    });
  });
  app.post<{ Params: { key: string } }>('/sms/uplink/:key', async (request, reply) => {
    const key = deps.env.SMS_UPLINK_KEY;
    if (!key || !safeEqual(request.params.key, key)) return reply.code(404).send({ code: 404, msg: 'not found' });
    const uplinks = readAliyunUplinks(request.body);
    if (!uplinks) return reply.code(400).send({ code: 400, msg: 'expected a JSON array' });
    await receiveSmsUplinks(deps.database.query, uplinks, deps.now());
    return { code: 0, msg: '成功' };
  });
}
