import type { FastifyInstance } from 'fastify';
import { voteExtraCalls as V } from '../../../schemas/api/vote-extras';
import { defineCall } from '../../http/define-call';
import { deleteComments, listComments, saveComment, showComments } from '../../services/vote-extras/vote-comments.service';
import { localMusic, musicList, musicOfVote, saveMusic } from '../../services/vote-extras/vote-music.service';
import { deleteSignUp, saveSignUp, signUpConfig } from '../../services/vote-extras/vote-signup.service';

/** activity/vote/*: public sign-up of players, background music and comments (spec §7 "sign-up, music, comments"). */
export function voteExtraRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const { database } = deps;
  defineCall(app, V.getWxAppletVoteSignUp, (body, { user }) => signUpConfig(database.query, user, body.voteId, body.deviceId, deps.now()));
  defineCall(app, V.saveOrUpdateSignUp, (body, { user, request }) => saveSignUp(deps, user, body, request.ip));
  defineCall(app, V.delSignUp, (body, { user }) => deleteSignUp(database, user, body));
  defineCall(app, V.getMusicList, async () => musicList());
  defineCall(app, V.getMusicByVoteId, (body) => musicOfVote(app.deps, body.voteId));
  defineCall(app, V.getLocalMusicByVoteId, (body, { user }) => localMusic(database.query, user, body.voteId));
  defineCall(app, V.saveOrUpdateMusic, (body, { user }) => saveMusic(database, user, body));
  defineCall(app, V.getCommentList, (body, { user }) => listComments(database.query, user, body));
  defineCall(app, V.getCommentShow, (body, { user }) => showComments(database.query, user, body.voteId, body.commentIds, body.show));
  defineCall(app, V.getCommentDel, (body, { user }) => deleteComments(database.query, user, body.voteId, body.commentIds));
  defineCall(app, V.saveComment, (body, { user, request }) => saveComment(deps, user, body, request.ip));
}
