import type { FastifyInstance } from 'fastify';
import { voteCalls } from '../../../schemas/api/vote';
import { defineCall } from '../../http/define-call';
import { requestOrigin } from '../../http/request-info';
import { castBallot } from '../../services/vote/ballot.service';
import { withBallotNotice } from '../../services/red-envelope/red-notice';
import { voteWechatAuthUrl, voteWechatVoter } from '../../services/vote/vote-wechat.service';
import { listDetails, setDetailValid } from '../../services/vote/vote-detail.service';
import { voteTrend } from '../../services/vote/vote-trend.service';

/** The ballot (getVotePraise) and its 微信授权 round trip, the creator's vote detail list with void/restore and the trend (getVotingTrendList). */
export function ballotRoutes(app: FastifyInstance): void {
  const { deps } = app;
  // The ballot's red envelope notice is added here: the vote services do not depend on red envelopes.
  defineCall(app, voteCalls.getVotePraise, async (body, { user, request }) =>
    withBallotNotice(deps.database.query, body.voteId, await castBallot(deps, user, body, { ip: request.ip })),
  );
  defineCall(app, voteCalls.getVoteWechatAuthUrl, async (body, { request }) => voteWechatAuthUrl(deps, requestOrigin(request), body));
  defineCall(app, voteCalls.getVoteWechatVoter, async (body) => voteWechatVoter(deps, body));
  defineCall(app, voteCalls.getVotingDetailList, async (body, { user }) => listDetails(deps.database, user!, body));
  defineCall(app, voteCalls.getVotingTrendList, async (body, { user }) => voteTrend(deps.database, user!, body));
  defineCall(app, voteCalls.getVotingDetailValid, async (body, { user }) => setDetailValid(deps.database, user!, body));
}
