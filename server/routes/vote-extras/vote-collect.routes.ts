import type { FastifyInstance } from 'fastify';
import { voteCollectCalls as C } from '../../../schemas/api/vote-extras';
import { defineCall } from '../../http/define-call';
import { collectionCancel, collectionPage, collectionSetting, collectionWhether } from '../../services/vote-extras/vote-collect.service';

/** activity/collect/*: the logged-in user's favourite templates, votes and players (我的收藏). */
export function voteCollectRoutes(app: FastifyInstance): void {
  const { query } = app.deps.database;
  defineCall(app, C.getCollectionWhether, (body, { user }) => collectionWhether(query, user!, body));
  defineCall(app, C.getCollectionSetting, (body, { user }) => collectionSetting(query, user!, body));
  defineCall(app, C.getCollectionCancel, (body, { user }) => collectionCancel(query, user!, body));
  defineCall(app, C.getCollectionPage, (body, { user }) => collectionPage(query, user!, body.kind, body.page, body.pageSize));
  defineCall(app, C.getCollectionList, async (_body, { user }) => (await collectionPage(query, user!, undefined, 1, 100)).list);
}
