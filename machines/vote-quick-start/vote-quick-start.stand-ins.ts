import type { TQuestionCount } from '../../schemas/api/question';
import { done, failure, type TStandIns } from '../stand-ins';
import type { TVoteQuickStartEvent } from './vote-quick-start.types';

const FREE: TQuestionCount = { questionCount: 3, maxNumber: 20, memberLevel: 1, levelName: '免费版', subjectLimit: 200 };

export const voteQuickStartStandIns: TStandIns = {
  checkCount: {
    does: 'activity/question/getQuestionCount (today’s creations, the level’s limits)',
    outcomes: { 'under the limit': done(FREE), 'daily limit reached (20 of 20 today)': done({ ...FREE, questionCount: 20 }), failure: failure('系统处理出错') },
  },
  create: {
    does: 'activity/vote/saveOrUpdateVote (title, description, window, the rule’s settings)',
    outcomes: { success: done({ voteId: 'v_quick0001', isCreate: 1 }), 'daily limit hit': done({ voteId: '', isCreate: 0 }), failure: failure('系统处理出错') },
  },
  savePlayers: {
    does: 'activity/player/getPlayerList, then delWxPlayer / saveOrUpdatePlayer / batchAddPlayer as the screen’s players need',
    outcomes: { success: done(null), failure: failure('网络不稳定，请重试') },
  },
  publish: {
    does: 'activity/vote/getVoteSuspendOrStart (start: publish the draft)',
    outcomes: { success: done(null), failure: failure('系统处理出错') },
  },
};

const players = [
  { key: 'p1', name: '一班', photo: '' },
  { key: 'p2', name: '二班', photo: '' },
];

export const voteQuickStartSampleEvents: TVoteQuickStartEvent[] = [
  { type: 'basics.next', basics: { title: '最佳班级评选', description: '', startTime: null, endTime: null, rule: 'daily3' } },
  { type: 'basics.next', basics: { title: '', description: '', startTime: null, endTime: null, rule: 'daily1' } },
  { type: 'vote.publish', players },
  { type: 'vote.publish', players: players.slice(0, 1) },
];
