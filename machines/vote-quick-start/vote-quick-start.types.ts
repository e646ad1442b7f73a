import type { TQuestionCount } from '../../schemas/api/question';

/** The votes-per-person choices the phone screen offers (the full editor has every rule). */
export type TVoteRule = 'daily1' | 'daily3' | 'once';

/** Screen 1 of the phone vote (issue 47 item 5): what the voters read and when they may vote. */
export interface TVoteBasics {
  title: string;
  description: string;
  /** ISO instants; null = from publishing / until ended by hand. */
  startTime: string | null;
  endTime: string | null;
  rule: TVoteRule;
}

/** Screen 2: a player or option as typed, `key` kept by the screen for the list; the photo an uploaded image's URL or ''. */
export interface TQuickPlayer {
  key: string;
  name: string;
  photo: string;
}

/** What the vote's owner sees saved on the server (getPlayerList). */
export interface TSavedPlayer {
  playerId: string;
  name: string;
  photo: string;
}

export interface TVoteQuickStartContext {
  basics: TVoteBasics | null;
  players: TQuickPlayer[];
  /** Set once the vote exists: a retry saves players and publishes it instead of creating a second one. */
  voteId: string | null;
  /** Today's creations and the level's limits (getQuestionCount), for the limit dialog. */
  limits: TQuestionCount | null;
  error: string | null;
}

export type TVoteQuickStartEvent =
  | { type: 'basics.next'; basics: TVoteBasics }
  | { type: 'basics.back' }
  | { type: 'vote.publish'; players: TQuickPlayer[] }
  /** 升级版本 on the limit dialog: opens the member page. */
  | { type: 'dialog.confirm' }
  | { type: 'dialog.dismiss' };

export interface TSavePlayersInput {
  voteId: string;
  players: TQuickPlayer[];
}

/** saveOrUpdateVote's answer: isCreate 0 when today's creations are used up. */
export interface TCreatedVote {
  voteId: string;
  isCreate: 0 | 1;
}
