import type { FastifyInstance } from 'fastify';
import { voteCalls } from '../../../schemas/api/vote';
import { playerCalls } from '../../../schemas/api/vote-player';
import { defineCall } from '../../http/define-call';
import { addPlayerNames, addPlayerRows, updateByNoOrName } from '../../services/vote/player-import.service';
import { addTypes, deleteType, listTypes, saveType } from '../../services/vote/player-types.service';
import { deletePlayers, listPlayers, neighbour, reviewPlayers, savePlayer } from '../../services/vote/players.service';
import { voteStatistics } from '../../services/vote/vote-statistics.service';

/** activity/player/*: groups, players (one by one, rows, Excel, pasted names), review, ranking and statistics. */
export function playerRoutes(app: FastifyInstance): void {
  const { database } = app.deps;

  defineCall(app, playerCalls.getPlayerList, async (body, { user }) => listPlayers(app.deps, user, body));
  defineCall(app, playerCalls.getPlayerRankPage, async (body, { user }) => listPlayers(app.deps, user, { ...body, sort: 'votes' }, true));
  defineCall(app, voteCalls.getLastOrNext, async (body, { user }) => neighbour(app.deps, user, body));
  defineCall(app, playerCalls.getPlayerTypeList, async (body, { user }) => listTypes(database, user, body.voteId));
  defineCall(app, playerCalls.saveOrUpdateWxPlayerType, async (body, { user }) => saveType(database, user!, body));
  defineCall(app, playerCalls.getAddWxPlayerType, async (body, { user }) => addTypes(database, user!, body.voteId, body.names));
  defineCall(app, playerCalls.delWxPlayerType, async (body, { user }) => deleteType(database, user!, body.voteId, body.typeId));
  defineCall(app, playerCalls.addPlayer, async ({ voteId, ...player }, { user }) => savePlayer(database, user!, voteId, undefined, player));
  defineCall(app, playerCalls.saveOrUpdatePlayer, async ({ voteId, playerId, ...player }, { user }) => savePlayer(database, user!, voteId, playerId, player));
  defineCall(app, playerCalls.delWxPlayer, async (body, { user }) => deletePlayers(database, user!, body.voteId, body.playerIds));
  defineCall(app, playerCalls.batchAddPlayer, async (body, { user }) => addPlayerRows(database, user!, body.voteId, body));
  defineCall(app, playerCalls.batchNameAddPlayer, async (body, { user }) => addPlayerNames(database, user!, body.voteId, body.names, body.typeId));
  defineCall(app, playerCalls.updatePlayerByNoOrName, async (body, { user }) => updateByNoOrName(database, user!, body.voteId, body.rows));
  defineCall(app, playerCalls.getPlayerVerify, async (body, { user }) => reviewPlayers(database, user!, body.voteId, body.playerIds, body.review));
  defineCall(app, playerCalls.getStatisticsPlayerList, async (body, { user }) => voteStatistics(database, user!, body.voteId));
}
