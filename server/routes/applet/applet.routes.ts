import type { FastifyInstance } from 'fastify';
import { appletCalls } from '../../../schemas/api/applet';
import { defineCall } from '../../http/define-call';
import { wechatAppletFromEnv } from '../../providers/wechat-applet';
import { appletUrl, questionCode } from '../../services/applet/applet-codes.service';
import { saveSearch } from '../../services/applet/template-searches.service';

/** getQuestionCode and T2/getAppletUrl (the bound mini-program's code and link), wxApplet/search/saveSearch. */
export function appletRoutes(app: FastifyInstance): void {
  const { database, env } = app.deps;
  const applet = () => wechatAppletFromEnv(env);
  defineCall(app, appletCalls.getQuestionCode, (body, { user }) => questionCode(database.query, applet(), env.WECHAT_APPLET_PAGE, user, body.questionId));
  defineCall(app, appletCalls.getAppletUrl, (body, { user }) => appletUrl(database.query, applet(), env.WECHAT_APPLET_PAGE, user, body.questionId));
  defineCall(app, appletCalls.saveSearch, async (body, { user }) => {
    await saveSearch(database.query, user?.id ?? null, body);
    return null;
  });
}
