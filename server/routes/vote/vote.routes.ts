import type { FastifyInstance } from 'fastify';
import { voteCalls } from '../../../schemas/api/vote';
import { defineCall } from '../../http/define-call';
import { requestBrand } from '../../http/request-info';
import { copyVote, getVote, saveVote, saveVoteAlone } from '../../services/vote/vote-activities.service';
import type { Query } from '../../db/client';
import { endEnvelope } from '../../services/red-envelope/red-return.service';
import { binVote, clearVotes, purgeVotes, setTop, suspendOrStart } from '../../services/vote/vote-lifecycle.service';
import { listBin, listDepot, listVotes } from '../../services/vote/vote-lists.service';
import { getSettings, saveSettings, voteScene } from '../../services/vote/vote-settings.service';

/** activity/vote/*: the activity, its lists and bin, its lifecycle and rules (issue 19). */
export function voteRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { database } = deps;

  defineCall(app, voteCalls.getVote, async (body, { user }) => getVote(database, user, body.voteId, deps.now()));
  defineCall(app, voteCalls.saveOrUpdateVote, async (body, { user, request }) => saveVote(database, user!, requestBrand(request).id, body));
  defineCall(app, voteCalls.saveOrUpdateToAloneVote, async (body, { user }) => saveVoteAlone(database, user!, body));
  defineCall(app, voteCalls.getVoteList, async (body, { user }) => listVotes(database.query, user!, body, deps.now()));
  defineCall(app, voteCalls.getVoteSuspendOrStart, async (body, { user }) => suspendOrStart(database, user!, body.voteId, body.action, deps.now()));
  defineCall(app, voteCalls.getCopeVote, async (body, { user }) => copyVote(database, user!, body.voteId));
  // Into the bin ends its running red envelope: the unspent budget goes back to the payer (as a project's does).
  const endRed = (query: Query, voteId: number) => endEnvelope(query, { kind: 'vote', id: voteId }, deps.now());
  defineCall(app, voteCalls.getDelVote, async (body, { user }) => binVote(database, user!, body.voteId, body.restore, endRed));
  defineCall(app, voteCalls.getClearVotes, async (body, { user }) => clearVotes(database, user!, body.voteId));
  defineCall(app, voteCalls.getThoroughDelVote, async (body, { user }) => purgeVotes(database, user!, body));
  defineCall(app, voteCalls.getThoroughDelVoteList, async (body, { user }) => listBin(database.query, user!, body, deps.now()));
  defineCall(app, voteCalls.getDepotVoteList, async (body, { user }) => listDepot(database.query, user!, body));
  defineCall(app, voteCalls.updateVoteTop, async (body, { user }) => setTop(database, user!, body.voteId, body.top));
  defineCall(app, voteCalls.getVoteSetting, async (body, { user }) => getSettings(database, user!, body.voteId));
  defineCall(app, voteCalls.saveOrUpdateVoteSetting, async (body, { user }) => saveSettings(database, user!, body.voteId, body.settings, body.version));
  defineCall(app, voteCalls.getSceneVoteSetting, async (body, { user }) => voteScene(database, user, body, deps.now()));
}
