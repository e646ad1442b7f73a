import type { FastifyInstance } from 'fastify';
import { voteDownloadCalls as D } from '../../../schemas/api/vote-extras';
import { defineCall } from '../../http/define-call';
import { queueVoteExport } from '../../services/vote-extras/vote-downloads.service';

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
  // The vote's red-envelope payouts (the same writer as a project's: server/jobs/red-envelope-export.ts).
  defineCall(app, D.getRedParkDownload, async (body, { user }) => queued(await queueVoteExport(database, user, body.voteId, 'redPacketList')));
}
