import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import type { TVoteDetail } from '../../../schemas/api/vote';
import { ZVoteSettings, type TVoteIdentity, type TVoteSettings } from '../../../schemas/vote/vote-rules';
import { ApiError } from '../../api/client';
import { saveVoteSetting, voteKeys } from '../../api/vote';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { Choice, NumberInput, Toggle } from './rule-fields';
import { MusicField } from './music-field';
import { WhitelistField } from './whitelist-field';
import { useWechatAccounts, WechatAccountField, WechatIdentityHint } from './wechat-account-field';
import styles from './voting-styles';

type TForm = Omit<TVoteSettings, 'votesPerVoter' | 'playersPerBallot'> & { votesPerVoter: number | null; playersPerBallot: number | null };

/** 投票规则: limits, identity, whitelist, what voters see, comments, music and sign-up; checked with the shared schema, then saved. */
export function VoteRulesForm({ vote, onDirty }: { vote: TVoteDetail; onDirty: (dirty: boolean) => void }) {
  const [form, setForm] = useState<TForm>(vote.settings);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const wechat = useWechatAccounts();
  const set = (patch: Partial<TForm>) => {
    setForm((before) => ({ ...before, ...patch }));
    setError(null);
    onDirty(true);
  };
  const save = useMutation({
    mutationFn: (settings: TVoteSettings) => saveVoteSetting(vote.voteId, settings, vote.version),
    onSuccess: () => {
      toast.success('投票规则已保存');
      onDirty(false);
      void queryClient.invalidateQueries({ queryKey: voteKeys.all });
    },
    onError: (failure) => setError(failure instanceof ApiError && failure.resultCode === '409' ? '投票已在别处修改，请刷新页面后再保存' : failure.message),
  });
  const submit = () => {
    const parsed = ZVoteSettings.safeParse({ ...form, votesPerVoter: form.votesPerVoter ?? undefined, playersPerBallot: form.playersPerBallot ?? undefined });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '规则填写有误');
    save.mutate(parsed.data);
  };

  return (
    <section className={styles.panel} aria-labelledby="vote-rules">
      <h2 id="vote-rules">投票规则</h2>
      <div className={styles.form}>
        <div className={styles.twoCols}>
          <Choice
            label="投票次数周期"
            value={form.limitScope}
            options={[
              ['day', '每人每天'],
              ['activity', '每人整个活动期间'],
            ]}
            onChange={(limitScope) => set({ limitScope })}
          />
          <NumberInput label="每人可投票数" value={form.votesPerVoter} max={1000} onChange={(votesPerVoter) => set({ votesPerVoter })} suffix="票" />
          <NumberInput
            label="每人每天给同一选手最多投（留空不限）"
            value={form.perPlayerPerDay}
            max={1000}
            onChange={(perPlayerPerDay) => set({ perPlayerPerDay })}
            suffix="票"
          />
          <NumberInput
            label="每次投票可选选手数"
            value={form.playersPerBallot}
            max={50}
            onChange={(playersPerBallot) => set({ playersPerBallot })}
            suffix="位"
          />
          <Choice<TVoteIdentity>
            label="投票身份验证"
            value={form.identity}
            options={[
              ['none', '无需验证（按设备计票）'],
              ['login', '登录后投票'],
              ['sms', '手机短信验证'],
              ['wechat', '微信授权（每个微信号计票）'],
            ]}
            disabledValues={wechat.accounts.length ? [] : ['wechat']}
            hint={wechat.accounts.length || wechat.loading ? undefined : <WechatIdentityHint configured={wechat.configured} />}
            onChange={(identity) =>
              set({
                identity,
                whitelist: identity === 'login' || identity === 'sms' ? form.whitelist : false,
                wechatAuthId: identity === 'wechat' ? (form.wechatAuthId ?? wechat.accounts[0]?.authId ?? null) : form.wechatAuthId,
              })
            }
          />
        </div>
        {form.identity === 'wechat' ? <WechatAccountField value={form.wechatAuthId} onChange={(wechatAuthId) => set({ wechatAuthId })} /> : null}
        <Toggle
          label="仅白名单内的手机号可投票"
          hint={
            form.identity === 'login' || form.identity === 'sms'
              ? '名单中的手机号才能投票，其他人会看到提示'
              : '开启白名单需要先选择“登录后投票”或“手机短信验证”'
          }
          checked={form.whitelist}
          disabled={form.identity !== 'login' && form.identity !== 'sms'}
          onChange={(whitelist) => set({ whitelist })}
        />
        {form.whitelist ? <WhitelistField voteId={vote.voteId} /> : null}
        <div className={styles.twoCols}>
          <Toggle label="投票页显示票数" checked={form.showCounts} onChange={(showCounts) => set({ showCounts })} />
          <Toggle label="投票页显示排行榜" checked={form.showRanking} onChange={(showRanking) => set({ showRanking })} />
          <Toggle label="开启评论" checked={form.comments} onChange={(comments) => set({ comments })} />
          <Toggle label="评论审核后显示" checked={form.commentReview} disabled={!form.comments} onChange={(commentReview) => set({ commentReview })} />
          <Toggle label="开放选手报名" hint="公众可在投票页报名参赛" checked={form.signUp} onChange={(signUp) => set({ signUp })} />
          <Toggle label="报名需审核" checked={form.signUpReview} disabled={!form.signUp} onChange={(signUpReview) => set({ signUpReview })} />
          <Toggle label="背景音乐" checked={form.music} onChange={(music) => set({ music })} />
        </div>
        {form.music ? <MusicField voteId={vote.voteId} /> : null}
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <div>
          <Button variant="primary" onClick={submit} disabled={save.isPending}>
            {save.isPending ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
            保存投票规则
          </Button>
        </div>
      </div>
    </section>
  );
}
