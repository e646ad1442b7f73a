import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import { useState } from 'react';
import { POWER_LABELS, type TTeamMember } from '../../../schemas/api/team';
import { leaveTeamWork, removeMember, teamMembersQuery, updateMemberPower } from '../../api/team';
import { Button, Popover, Skeleton, toast } from '../../ui';
import { useSession } from '../../app/session';
import styles from './collaborate.module.css';
import { POWER } from '../../../schemas/project-kinds';

export interface TMembersProps {
  questionId: string;
  /** The caller's power on the project: managers (1) change and remove the other members. */
  powerType: number | null;
}

/** Who is in the project with their powers; managers change others' powers or remove them (never the creator, never themselves). */
export function TeamMembers({ questionId, powerType }: TMembersProps) {
  const client = useQueryClient();
  const { user } = useSession();
  const members = useQuery(teamMembersQuery(questionId));
  const [removing, setRemoving] = useState<string | null>(null);
  const canManage = powerType === POWER.manage;
  const refresh = () => client.invalidateQueries({ queryKey: teamMembersQuery(questionId).queryKey });
  const change = useMutation({
    mutationFn: (v: { userId: string; powerType: number }) => updateMemberPower(questionId, v.userId, v.powerType),
    onSuccess: () => toast.success('权限已修改'),
    onSettled: () => void refresh(),
  });
  const remove = useMutation({
    mutationFn: (userId: string) => removeMember(questionId, userId),
    onSuccess: () => toast.success('已移除成员'),
    onSettled: () => {
      setRemoving(null);
      void refresh();
    },
  });

  const control = (m: TTeamMember) => {
    if (m.isOwner) return <span className={styles.ownerTag}>创建者</span>;
    if (!canManage || m.userId === user?.userId) return <span className={styles.powerText}>{POWER_LABELS[m.powerType]}</span>;
    if (removing === m.userId) {
      return (
        <span className={styles.rowActions}>
          <Button size="sm" onClick={() => setRemoving(null)} disabled={remove.isPending}>
            取消
          </Button>
          <Button size="sm" variant="danger" onClick={() => remove.mutate(m.userId)} disabled={remove.isPending}>
            确认移除
          </Button>
        </span>
      );
    }
    return (
      <span className={styles.rowActions}>
        <select
          className={styles.powerSelect}
          aria-label={`${m.username}的权限`}
          value={m.powerType}
          disabled={change.isPending}
          onChange={(e) => change.mutate({ userId: m.userId, powerType: Number(e.target.value) })}
        >
          {[1, 2, 3].map((p) => (
            <option key={p} value={p}>
              {POWER_LABELS[p]}
            </option>
          ))}
        </select>
        <button type="button" className={styles.removeLink} onClick={() => setRemoving(m.userId)} aria-label={`移除${m.username}`}>
          移除
        </button>
      </span>
    );
  };

  return (
    <section className={styles.membersBlock} aria-label="协作成员">
      <h4 className={styles.subTitle}>协作成员{members.data ? <span className={styles.count}>{members.data.length}</span> : null}</h4>
      {members.isPending ? (
        <Skeleton height={36} />
      ) : (
        <ul className={styles.members}>
          {(members.data ?? []).map((m) => (
            <li key={m.userId} className={styles.member}>
              <span className={styles.avatar} aria-hidden>
                {m.headImg ? <img src={m.headImg} alt="" /> : m.username.slice(0, 1)}
              </span>
              <span className={styles.memberName} title={m.username}>
                {m.username}
                {m.userId === user?.userId ? <span className={styles.selfTag}>我</span> : null}
              </span>
              {control(m)}
            </li>
          ))}
          {members.data?.length === 1 ? <li className={styles.emptyHint}>还没有协作者，复制邀请链接发给同事即可邀请</li> : null}
        </ul>
      )}
    </section>
  );
}

/** A collaborator's 成员 button (the 协作 popover is the creator's, spec §6): the team, and 退出协作. */
export function MembersPopover({ questionId, powerType, onLeft }: TMembersProps & { onLeft: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const leave = useMutation({
    mutationFn: () => leaveTeamWork(questionId),
    onSuccess: () => {
      toast.success('已退出项目协作');
      onLeft();
    },
  });
  return (
    <Popover
      width={380}
      className={styles.popover}
      label="协作成员"
      trigger={
        <Button variant="ghost" size="sm">
          <UsersRound size={15} aria-hidden />
          成员
        </Button>
      }
    >
      <div className={styles.panel}>
        <TeamMembers questionId={questionId} powerType={powerType} />
        <div className={styles.footer}>
          {confirming ? (
            <>
              <span className={styles.warnText}>退出后将无法再访问此项目</span>
              <Button size="sm" onClick={() => setConfirming(false)} disabled={leave.isPending}>
                取消
              </Button>
              <Button size="sm" variant="danger" onClick={() => leave.mutate()} disabled={leave.isPending}>
                确认退出
              </Button>
            </>
          ) : (
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
              退出协作
            </Button>
          )}
        </div>
      </div>
    </Popover>
  );
}
