import { useMutation } from '@tanstack/react-query';
import { Check, Link2, Lock, RefreshCw, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { INVITEE_POWERS, inviteText, type TTeamWorkCode } from '../../../schemas/api/team';
import { getTeamWorkCode, resetTeamWorkCode } from '../../api/team';
import { Button, cx, Popover, toast } from '../../ui';
import styles from './collaborate.module.css';
import { TeamLinkSwitch, useTeamLinksOpen } from './team-link-switch';
import { TeamMembers } from './team-members';
import { POWER } from '../../../schemas/project-kinds';

export interface TCollaborateProps {
  questionId: string;
  title: string;
  /** The caller's power: only managers invite and change members. */
  powerType: number | null;
  isOwner: boolean;
}

/** Spec §9: the copied flag shows for 3 seconds. */
export const COPIED_MS = 3_000;
export const LINKS_CLOSED_HINT = '已关闭通过邀请链接加入，开启上方开关后才能复制邀请链接';

/** The editor header's 协作 popover: the link switch, the invitee's power, copy / reset the invitation, the members. */
export function CollaboratePopover(props: TCollaborateProps) {
  return (
    <Popover
      width={380}
      className={styles.popover}
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

const linkOf = (code: TTeamWorkCode) => `${location.origin}/cooperation.html?work_code=${encodeURIComponent(code.workCode)}`;

export function CollaboratePanel({ questionId, title, powerType, isOwner }: TCollaborateProps) {
  const linksOpen = useTeamLinksOpen(questionId);
  const [power, setPower] = useState<number>(3);
  const [copied, setCopied] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const [code, setCode] = useState<TTeamWorkCode | null>(null);
  const canManage = powerType === POWER.manage;
  const inviteAllowed = canManage && linksOpen === true;
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  /** Put the spec §9 text on the clipboard; a browser that refuses leaves the link shown for copying by hand. */
  const toClipboard = async (next: TTeamWorkCode) => {
    setCode(next);
    try {
      await navigator.clipboard.writeText(inviteText(linkOf(next), title, next.validFrom, next.validTo));
      setCopied(true);
    } catch {
      toast.error('浏览器未允许访问剪贴板，请手动复制下方链接');
    }
  };
  const copy = useMutation({ mutationFn: () => getTeamWorkCode(questionId, power), onSuccess: toClipboard });
  const reset = useMutation({
    mutationFn: () => resetTeamWorkCode(questionId, power),
    onSuccess: async (next) => {
      setConfirmReset(false);
      toast.success(next.revoked ? `链接已重置，之前的 ${next.revoked} 个邀请链接已失效` : '链接已重置');
      await toClipboard(next);
    },
  });
  const busy = copy.isPending || reset.isPending;

  return (
    <div className={styles.panel}>
      <div className={styles.head}>
        <h3 className={styles.title}>邀请协作者</h3>
        <p className={styles.hint}>协作者打开链接并登录后，按所选权限加入项目；链接自复制当天起 7 天内有效。</p>
      </div>
      <TeamLinkSwitch questionId={questionId} isOwner={isOwner} className={styles.switchRow} />

      <div className={styles.field}>
        <span className={styles.fieldLabel} id="invitee-power-label">
          协作者权限
        </span>
        <div className={styles.powers} role="radiogroup" aria-labelledby="invitee-power-label">
          {INVITEE_POWERS.map((p) => (
            <label key={p.powerType} className={cx(styles.power, power === p.powerType && styles.powerActive, !inviteAllowed && styles.powerDisabled)}>
              <input type="radio" name="invitee-power" checked={power === p.powerType} onChange={() => setPower(p.powerType)} disabled={!inviteAllowed} />
              {p.label}
            </label>
          ))}
        </div>
      </div>

      {code && inviteAllowed ? (
        <div className={styles.linkBox}>
          <Link2 size={14} aria-hidden />
          <span className={styles.linkText} data-testid="invite-link">
            {linkOf(code)}
          </span>
          <span className={styles.validity}>
            有效期：{code.validFrom} 至 {code.validTo}
          </span>
        </div>
      ) : null}

      {confirmReset ? (
        <div className={styles.confirm} role="group" aria-label="确认重置链接">
          <p>重置后，之前发出的邀请链接将全部失效，已加入的成员不受影响。</p>
          <div className={styles.confirmActions}>
            <Button size="sm" onClick={() => setConfirmReset(false)} disabled={reset.isPending}>
              取消
            </Button>
            <Button size="sm" variant="danger" onClick={() => reset.mutate()} disabled={reset.isPending}>
              确认重置
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.row}>
          <span className={styles.copied} role="status" aria-live="polite">
            {copied ? (
              <>
                <Check size={14} aria-hidden />
                复制成功
              </>
            ) : null}
          </span>
          <Button size="sm" variant="ghost" onClick={() => setConfirmReset(true)} disabled={!inviteAllowed || busy} title="让之前发出的邀请链接全部失效">
            <RefreshCw size={14} aria-hidden />
            重置链接
          </Button>
          <Button
            size="sm"
            variant="primary"
            onClick={() => copy.mutate()}
            disabled={!inviteAllowed || busy}
            aria-describedby={!canManage || linksOpen === false ? 'invite-closed-hint' : undefined}
          >
            复制邀请链接
          </Button>
        </div>
      )}
      {!canManage || linksOpen === false ? (
        <p className={styles.closedHint} id="invite-closed-hint">
          <Lock size={13} aria-hidden />
          {canManage ? LINKS_CLOSED_HINT : '只有可管理的成员才能邀请协作者'}
        </p>
      ) : null}
      <TeamMembers questionId={questionId} powerType={powerType} />
    </div>
  );
}
