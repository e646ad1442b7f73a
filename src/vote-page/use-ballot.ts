import { useCallback, useRef, useState } from 'react';
import { castBallot, type TBallotRefusal } from './api';
import { VoteError, isLoggedIn } from './client';
import { browserFingerprint, deviceId, randomId } from './ids';
import type { TPlayerView, TVoteView, TVoterProof } from './model';
import type { LiveStore } from './store';
import { forgetWechatToken, storedWechatToken } from './wechat-identity';

export interface TBallotHooks {
  toast: (message: string) => void;
  /** The rule wants a login, an SMS code or WeChat's authorisation first; `retry` votes again once the voter has given it. */
  askIdentity: (retry: (proof: TVoterProof) => void) => void;
  /** The server says the vote is paused or over: the page shows it instead of the vote buttons. */
  closed: (reason: TBallotRefusal) => void;
}

/**
 * One tap, one ballot: a new ballot id per tap, the same id on the automatic retry after a network failure (the
 * server counts it once), the counts the server answers shown at once, refusals shown in the server's words.
 */
export function useBallot(vote: TVoteView, live: LiveStore, hooks: TBallotHooks) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const proof = useRef<TVoterProof>({});
  const hooksRef = useRef(hooks);
  hooksRef.current = hooks;

  const send = useCallback(
    async (player: TPlayerView) => {
      const h = hooksRef.current;
      const ballotId = randomId();
      const body = { voteId: vote.voteId, playerIds: [player.playerId], ballotId, deviceId: deviceId(), fingerprint: browserFingerprint(), ...proof.current };
      setBusyId(player.playerId);
      try {
        let result;
        try {
          result = await castBallot(body);
        } catch (e) {
          if (!(e instanceof VoteError) || e.resultCode !== 'network') throw e;
          result = await castBallot(body);
        }
        if (result.voterToken) proof.current = { voterToken: result.voterToken };
        live.counted(result.counts, result.remaining, result.added);
        const today = vote.rules.scope === 'day' ? '今日' : '';
        const done = result.remaining > 0 ? `投票成功，${today}还可投 ${result.remaining} 票` : `投票成功，${today}票数已用完`;
        // The vote's red envelope, when one runs: qualified (waits for the creator's review), or why not.
        h.toast(result.redPacket ? `${done}\n${result.redPacket.message}` : done);
      } catch (e) {
        const error = e instanceof VoteError ? e : new VoteError('500', '系统处理出错');
        const reason = reasonOf(error, vote.rules.identity, proof.current);
        if (reason === 'identity') {
          proof.current = {};
          if (vote.rules.identity === 'wechat') forgetWechatToken(vote.voteId);
          h.toast(error.message);
          h.askIdentity((given) => {
            proof.current = given;
            void send(player);
          });
        } else {
          if (reason === 'suspended' || reason === 'ended' || reason === 'notStarted') h.closed(reason);
          if (reason === 'voterLimit') live.set({ remaining: 0 });
          h.toast(error.message);
        }
      } finally {
        setBusyId(null);
      }
    },
    [vote.voteId, vote.rules.scope, vote.rules.identity, live],
  );

  const cast = useCallback(
    (player: TPlayerView) => {
      const identity = vote.rules.identity;
      if (identity === 'wechat') {
        const wechatToken = storedWechatToken(vote.voteId) ?? proof.current.wechatToken;
        if (!wechatToken) return hooksRef.current.askIdentity(() => undefined);
        proof.current = { wechatToken };
      }
      if (identity === 'login' && !isLoggedIn()) return hooksRef.current.askIdentity(() => undefined);
      if (identity === 'sms' && !proof.current.phone && !proof.current.voterToken)
        return hooksRef.current.askIdentity((given) => {
          proof.current = given;
          void send(player);
        });
      void send(player);
    },
    [vote.voteId, vote.rules.identity, send],
  );

  return { cast, busyId };
}

/** The refusal's reason; a login or phone the server wants, or a wrong or spent SMS code, read as 'identity'. */
function reasonOf(error: VoteError, identity: TVoteView['rules']['identity'], proof: TVoterProof): TBallotRefusal | null {
  const reason = error.data && typeof error.data === 'object' ? (error.data as { reason?: unknown }).reason : undefined;
  if (reason === 'loginRequired' || reason === 'phoneRequired' || reason === 'wechatRequired' || error.resultCode === '401') return 'identity';
  if (typeof reason === 'string') return reason as TBallotRefusal;
  if (identity === 'sms' && error.resultCode === '400' && (proof.code || proof.voterToken)) return 'identity';
  return null;
}
