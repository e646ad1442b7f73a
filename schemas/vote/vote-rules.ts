import { z } from 'zod';

/**
 * A vote's rules (issue 19 "vote rules"), stored in vote_activities.settings; every field has its default so an
 * activity saved before a field existed reads the same. Shared by the creator's settings screen, the voting page
 * (remaining votes) and the ballot (server/services/vote/ballot.service.ts).
 */
/** none: per device; login: per account; sms: per phone; wechat: per WeChat openid of the owner's bound official account (微信授权). */
export const VOTE_IDENTITIES = ['none', 'login', 'sms', 'wechat'] as const;
export type TVoteIdentity = (typeof VOTE_IDENTITIES)[number];
export const VOTE_LIMIT_SCOPES = ['day', 'activity'] as const;

export const ZVoteSettings = z
  .object({
    /** Votes one voter may cast per day ('day', Asia/Shanghai) or for the whole activity ('activity'). */
    limitScope: z.enum(VOTE_LIMIT_SCOPES, { error: '投票次数的周期无效' }).default('day'),
    votesPerVoter: z.number({ error: '请填写每人可投票数' }).int('每人可投票数须为整数').min(1, '每人至少可投1票').max(1_000, '每人最多可投1000票').default(3),
    /** Most votes one voter may give one player per day; null: no separate limit. */
    perPlayerPerDay: z.number().int().min(1, '每位选手每天至少可投1票').max(1_000).nullable().default(1),
    /** Players one ballot may pick (each pick is one vote). */
    playersPerBallot: z.number().int().min(1, '每次至少选1位选手').max(50, '每次最多选50位选手').default(1),
    identity: z.enum(VOTE_IDENTITIES, { error: '投票身份验证方式无效' }).default('none'),
    /** 微信授权: the owner's bound official account (activity/component binding id) the voters authorise through. */
    wechatAuthId: z.number().int().min(1).max(2_147_483_647).nullable().default(null),
    /** Its AppID, filled in by the server when the rules are saved (what a voter's WeChat identity must be issued by). */
    wechatAppid: z.string().max(32).nullable().default(null),
    /** Only phones on the activity's whitelist may vote (needs identity login or sms). */
    whitelist: z.boolean().default(false),
    showCounts: z.boolean().default(true),
    showRanking: z.boolean().default(true),
    comments: z.boolean().default(false),
    /** Comments wait for the creator's approval before they show. */
    commentReview: z.boolean().default(true),
    music: z.boolean().default(false),
    /** The public may sign up as players; the creator reviews each one when signUpReview. */
    signUp: z.boolean().default(false),
    signUpReview: z.boolean().default(true),
  })
  .refine((s) => !s.whitelist || s.identity === 'login' || s.identity === 'sms', {
    message: '开启白名单需要选择"登录"或"手机验证"投票身份',
    path: ['whitelist'],
  })
  .refine((s) => s.identity !== 'wechat' || s.wechatAuthId !== null, { message: '微信授权投票需要选择已授权绑定的公众号', path: ['wechatAuthId'] })
  .refine((s) => s.playersPerBallot <= s.votesPerVoter, { message: '每次可选选手数不能超过每人可投票数', path: ['playersPerBallot'] });
export type TVoteSettings = z.output<typeof ZVoteSettings>;

/** The rules of a stored activity: defaults filled in; a stored value that no longer validates falls back to the defaults. */
export function voteSettingsOf(stored: unknown): TVoteSettings {
  const parsed = ZVoteSettings.safeParse(stored ?? {});
  return parsed.success ? parsed.data : ZVoteSettings.parse({});
}

/** The day of `now` in Asia/Shanghai (no daylight saving), 'YYYY-MM-DD'. */
export const voteDay = (now: Date): string => new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** The period a voter's votes count in: the Shanghai day, or 'all' for a whole-activity limit. */
export const votePeriod = (settings: Pick<TVoteSettings, 'limitScope'>, now: Date): string => (settings.limitScope === 'day' ? voteDay(now) : 'all');

/** Votes left to a voter who has used `used` in the current period. */
export const remainingVotes = (settings: Pick<TVoteSettings, 'votesPerVoter'>, used: number): number => Math.max(0, settings.votesPerVoter - used);

/** Shards of a player's count: a voter always counts in the same one (FNV-1a of the voter key). */
export const VOTE_SHARDS = 16;
export function voterShard(voterKey: string, shards = VOTE_SHARDS): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < voterKey.length; i++) {
    h ^= voterKey.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % shards;
}

/**
 * Suspect ballots are flagged, never dropped: more than these from one address or device within a minute, two of
 * one voter closer than the gap, or a voter who is at least the `fingerprintVoters`-th from one address with one
 * browser fingerprint within ten minutes (the same browser with its storage cleared, or private windows: issue 47).
 */
export const SUSPECT_RULES = { ipPerMinute: 30, devicePerMinute: 10, minGapMs: 1_000, fingerprintVoters: 3 } as const;
export const SUSPECT_REASONS: Record<string, string> = {
  interval: '投票间隔过短',
  burstIp: '同一IP短时间大量投票',
  burstDevice: '同一设备短时间大量投票',
  burstFingerprint: '同一IP同一浏览器短时间多人投票',
};
