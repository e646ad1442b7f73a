import type { FastifyInstance } from 'fastify';
import { voteDownloadCalls as D } from '../../../schemas/api/vote-extras';
import { defineCall } from '../../http/define-call';
import { conflict } from '../../services/errors';
import { queueVoteExport, RED_PACKET_REFUSAL } from '../../services/vote-extras/vote-downloads.service';
import { managedVote } from '../../services/vote-extras/vote-access';

/** activity/vote/download/*: a vote's exports, queued for 我的下载. */
export function voteDownloadRoutes(app: FastifyInstance): void {
  const { database } = app.deps;
  const queued = (job: Awaited<ReturnType<typeof queueVoteExport>>) => {
    app.exportRunner.kick();
    return job;
  };
  defineCall(app, D.getVotingDetailDownload, async (body, { user }) => queued(await queueVoteExport(database, user, body.voteId, 'votingDetail')));
  defineCall(app, D.getStatisticsPlayerDownload, async (body, { user }) => queued(await queueVoteExport(database, user, body.voteId, 'statisticsPlayer')));
  defineCall(app, D.getAllVotingDownload, async (body, { user }) => queued(await queueVoteExport(database, user, body.voteId, 'allVoting')));
  defineCall(app, D.getPlayerFileDownload, async (body, { user }) => queued(await queueVoteExport(database, user, body.voteId, 'playerFile')));
  // Votes have no red packets yet: the vote is checked like the others, then the call says so (docs/decisions.md).
  defineCall(app, D.getRedParkDownload, async (body, { user }) => {
    await managedVote(database.query, user, body.voteId, 'report');
    throw conflict(RED_PACKET_REFUSAL);
  });
}
