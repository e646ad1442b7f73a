// The page's own view of a vote and its players. api.ts maps the server's contracts (schemas/api/vote*.ts) onto
// these, so the components do not change when a contract grows a field.

export type TVoteStatus = 'draft' | 'running' | 'suspended' | 'ended';
export type TIdentity = 'none' | 'login' | 'sms' | 'wechat';

export interface TVoteRules {
  /** Votes one voter has per day ('day') or for the whole activity ('activity'). */
  scope: 'day' | 'activity';
  votesPerVoter: number;
  /** Most votes one voter may give one player per day (0: no limit beyond votesPerVoter). */
  perPlayerPerDay: number;
  identity: TIdentity;
  showCounts: boolean;
  showRanking: boolean;
  comments: boolean;
  signUp: boolean;
}

export interface TVoteView {
  voteId: string;
  title: string;
  covers: string[];
  /** Sanitised rich text (HTML) from the server. */
  description: string;
  startTime: string | null;
  endTime: string | null;
  status: TVoteStatus;
  rules: TVoteRules;
  totals: { players: number; votes: number | null; visits: number };
  /** Votes this voter has left in the period, when the server can tell who votes; else null. */
  remaining: number | null;
}

export interface TPlayerView {
  playerId: string;
  no: number;
  name: string;
  photo: string | null;
  /** null when the creator hides counts. */
  votes: number | null;
  description: string;
  videoUrl: string | null;
  audioUrl: string | null;
  typeName: string | null;
}

export interface TRankRow extends TPlayerView {
  rank: number;
}

/** What the voter proves for an identity rule: nothing, a login (cookie), or a phone and its SMS code. */
export interface TVoterProof {
  phone?: string;
  code?: string;
  /** What the first SMS-verified ballot answered: later ballots send it instead of a new code. */
  voterToken?: string;
  /** 微信授权: the token getVoteWechatVoter answered (wechat-identity.ts). */
  wechatToken?: string;
}

export const RULE_SCOPE_TEXT: Record<TVoteRules['scope'], string> = { day: '每天', activity: '活动期间' };
