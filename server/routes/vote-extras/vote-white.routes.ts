import type { FastifyInstance } from 'fastify';
import { voteWhiteCalls as W } from '../../../schemas/api/vote-extras';
import { defineCall } from '../../http/define-call';
import { batchAddWhite, batchDelWhite, updateWhiteSetting, whiteList, whitePage, whiteSetting } from '../../services/vote-extras/vote-white.service';

/** activity/vote/white/* (spec §7): the creator's whitelist of voters. */
export function voteWhiteRoutes(app: FastifyInstance): void {
  const { database } = app.deps;
  defineCall(app, W.getWhiteSetting, (body, { user }) => whiteSetting(database.query, user, body.voteId));
  defineCall(app, W.getWhiteList, (body, { user }) => whiteList(database.query, user, body.voteId));
  defineCall(app, W.getWhitePage, (body, { user }) => whitePage(database.query, user, body));
  defineCall(app, W.batchAddWhite, (body, { user }) => batchAddWhite(database, user, body));
  defineCall(app, W.batchDelWhite, (body, { user }) => batchDelWhite(database.query, user, body));
  defineCall(app, W.updateWhiteSetting, (body, { user }) => updateWhiteSetting(database, user, body));
}
