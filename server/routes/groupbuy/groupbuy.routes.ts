import type { FastifyInstance } from 'fastify';
import { groupBuyCalls } from '../../../schemas/api/groupbuy';
import { defineCall } from '../../http/define-call';
import { cancelGroupBuyOrder } from '../../services/groupbuy/groupbuy-cancel.service';
import { queueGroupBuyExport } from '../../services/groupbuy/groupbuy-export.service';
import { getGroupBuy, getGroupBuyManage } from '../../services/groupbuy/groupbuy-read.service';
import { noticePickup } from '../../services/groupbuy/groupbuy-pickup.service';
import { saveGroupBuyWechat } from '../../services/groupbuy/groupbuy-setting.service';

/** Group-buy chains (团购接龙): the public page, the organiser's list and summary, cancel, 通知取货, 仅限微信授权参与 and export. Its live feed
 * is the 接龙 feed (activity/question/solitaire/events): the orders trigger (0042) writes its events. */
export function groupBuyRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineCall(app, groupBuyCalls.getGroupBuy, async (body, { user }) => getGroupBuy(deps, user, body.questionId, body));
  defineCall(app, groupBuyCalls.getGroupBuyManage, async (body, { user }) => getGroupBuyManage(deps, user, body.questionId));
  defineCall(app, groupBuyCalls.cancelGroupBuyOrder, async (body, { user }) => cancelGroupBuyOrder(deps, user, body));
  defineCall(app, groupBuyCalls.noticeGroupBuyPickup, async (body, { user }) => noticePickup(deps, user, body));
  defineCall(app, groupBuyCalls.saveGroupBuySetting, async (body, { user }) => saveGroupBuyWechat(deps, user, body));
  defineCall(app, groupBuyCalls.exportGroupBuyOrders, async (body, { user }) => {
    const job = await queueGroupBuyExport(deps.database, user, body.questionId);
    app.exportRunner.kick();
    return job;
  });
}
