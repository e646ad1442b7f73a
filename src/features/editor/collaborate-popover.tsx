import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { INVITEE_POWERS, inviteText, POWER_LABELS } from '../../../schemas/api/team';
import { call } from '../../api/client';
import { getTeamWorkCode, removeMember, teamMembersQuery, updateMemberPower } from '../../api/team';
import { Button, Popover, toast } from '../../ui';
import styles from './collaborate.module.css';

export interface TCollaborateProps {
  questionId: string;
  title: string;
  /** The caller's power: only managers invite and change members. */
  powerType: number | null;
  isOwner: boolean;
}

/** Spec §9: the copied flag shows for 3 seconds. */
export const COPIED_MS = 3_000;

/** The editor header's 协作 popover: choose the invitee's power, copy the invitation, manage members. */
export function CollaboratePopover(props: TCollaborateProps) {
  return (
    <Popover
      width={340}
      label="邀请协作"
      trigger={
        <Button variant="ghost" size="sm">
          <Users size={15} aria-hidden />
          协作
        </Button>
      }
    >
      <CollaboratePanel {...props} />
    </Popover>
  );
}

export function CollaboratePanel({ questionId, title, powerType, isOwner }: TCollaborateProps) {
  const settings = useQuery({ queryKey: ['project-settings', questionId], queryFn: () => call<{ settings: { isFriendAddTeamWork: number } }>('activity/question/getWxQuestionSetting', { questionId }) });
  const isFriendAddTeamWork = settings.data?.settings.isFriendAddTeamWork ?? 1;
  const [power, setPower] = useState<number>(3);
  const [copied, setCopied] = useState(false);
  const canManage = powerType === 1;
  const inviteAllowed = canManage && (isOwner || isFriendAddTeamWork !== 0);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = useMutation({
    mutationFn: async () => {
      const code = await getTeamWorkCode(questionId, power);
      const link = `${location.origin}/cooperation.html?work_code=${encodeURIComponent(code.workCode)}`;
      await navigator.clipboard.writeText(inviteText(link, title, code.validFrom, code.validTo));
      return link;
    },
    onSuccess: () => setCopied(true),
  });

  return (
    <div className={styles.panel}>
      <h3 className={styles.title}>邀请协作者</h3>
      <p className={styles.hint}>协作者通过链接加入后即可按所选权限参与项目，链接有效期 7 天。</p>
      <div className={styles.powers} role="radiogroup" aria-label="协作者权限">
        {INVITEE_POWERS.map((p) => (
          <label key={p.powerType} className={styles.power}>
            <input type="radio" name="invitee-power" checked={power === p.powerType} onChange={() => setPower(p.powerType)} disabled={!inviteAllowed} />
            {p.label}
          </label>
        ))}
      </div>
      {copy.data && <div className={styles.link}>{copy.data}</div>}
      <div className={styles.row}>
        <span className={styles.copied} role="status" aria-live="polite">
          {copied ? '复制成功' : ''}
        </span>
        <Button variant="primary" onClick={() => copy.mutate()} disabled={!inviteAllowed || copy.isPending}>
          复制邀请链接
        </Button>
      </div>
      {!inviteAllowed && <p className={styles.hint}>{canManage ? '项目创建者已关闭邀请协作者' : '只有可管理的成员才能邀请协作者'}</p>}
      <MembersList questionId={questionId} canManage={canManage} />
    </div>
  );
}

function MembersList({ questionId, canManage }: { questionId: string; canManage: boolean }) {
  const client = useQueryClient();
  const members = useQuery(teamMembersQuery(questionId));
  const refresh = () => client.invalidateQueries({ queryKey: ['team', 'members', questionId] });
  const change = useMutation({ mutationFn: (v: { userId: string; powerType: number }) => updateMemberPower(questionId, v.userId, v.powerType), onSuccess: () => { toast.success('权限已修改'); void refresh(); } });
  const remove = useMutation({ mutationFn: (userId: string) => removeMember(questionId, userId), onSuccess: () => { toast.success('已移除成员'); void refresh(); } });
  if (!members.data) return null;
  return (
    <ul className={styles.members} aria-label="协作成员">
      {members.data.map((m) => (
        <li key={m.userId} className={styles.member}>
          <span className={styles.memberName}>{m.username}</span>
          {m.isOwner || !canManage ? (
            <span>{m.isOwner ? '创建者' : POWER_LABELS[m.powerType]}</span>
          ) : (
            <>
              <select aria-label={`${m.username}的权限`} value={m.powerType} onChange={(e) => change.mutate({ userId: m.userId, powerType: Number(e.target.value) })}>
                {[1, 2, 3].map((p) => (
                  <option key={p} value={p}>
                    {POWER_LABELS[p]}
                  </option>
                ))}
              </select>
              <Button size="sm" onClick={() => remove.mutate(m.userId)}>
                移除
              </Button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
