import type { FastifyInstance } from 'fastify';
import { chainCalls } from '../../../schemas/api/chain';
import { defineCall } from '../../http/define-call';
import { requestBrand, requestOrigin } from '../../http/request-info';
import { editEntry, removeEntry, withdrawEntry } from '../../services/chain/chain-entries.service';
import { joinChain } from '../../services/chain/chain-join.service';
import { chainMissing, getChain, getChainManage } from '../../services/chain/chain-read.service';
import { changeChain } from '../../services/chain/chain-settings.service';
import { queueChainExport } from '../../services/chain/chain-export.service';
import { chainWechatAuthUrl, chainWechatIdentity } from '../../services/chain/chain-wechat.service';

/** Sign-up chains (报名接龙): the public page's calls and the creator's. */
export function chainRoutes(app: FastifyInstance): void {
  const { deps, chainLive: live } = app;

  defineCall(app, chainCalls.getChain, async (body, { user }) => getChain(deps, user, body.questionId, body));
  defineCall(app, chainCalls.joinChain, async (body, { user, request }) => joinChain(deps, live, user, { ...body, brand: requestBrand(request).id }));
  defineCall(app, chainCalls.updateChainEntry, async (body, { user }) => editEntry(deps, live, user, body));
  defineCall(app, chainCalls.withdrawChainEntry, async (body, { user }) => withdrawEntry(deps, live, user, body));

  defineCall(app, chainCalls.getChainWechatAuthUrl, async (body, { request }) => chainWechatAuthUrl(deps, requestOrigin(request), body));
  defineCall(app, chainCalls.getChainWechatIdentity, async (body) => chainWechatIdentity(deps, body));

  defineCall(app, chainCalls.getChainManage, async (body, { user }) => getChainManage(deps, user, body.questionId));
  defineCall(app, chainCalls.saveChainSetting, async ({ questionId, ...patch }, { user }) => changeChain(deps, live, user, questionId, patch));
  defineCall(app, chainCalls.pinChainNote, async (body, { user }) => changeChain(deps, live, user, body.questionId, { pinnedNote: body.note }));
  defineCall(app, chainCalls.closeChain, async (body, { user }) => changeChain(deps, live, user, body.questionId, { closed: body.closed }));
  defineCall(app, chainCalls.removeChainEntry, async (body, { user }) => removeEntry(deps, live, user, body));
  defineCall(app, chainCalls.getChainMissing, async (body, { user }) => chainMissing(deps, user, body.questionId, body.names));
  defineCall(app, chainCalls.exportChainList, async (body, { user }) => {
    const job = await queueChainExport(deps.database, user, body.questionId);
    app.exportRunner.kick();
    return job;
  });
}
