import { useQuery } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { inviteQuery } from '../../api/user-account';
import { Button } from '../../ui/button';
import { copyText } from '../../ui/copy-text';
import { toast } from '../../ui/toast';
import styles from './account-styles';

/** 邀请好友 (getInviteQRCode): the sign-up link with this user as the inviter, as a QR code and a link to copy. */
export function InvitePanel() {
  const invite = useQuery(inviteQuery());
  const copy = async (url: string) => ((await copyText(url)) ? toast.success('邀请链接已复制') : toast.error('复制失败，请手动复制链接'));
  return (
    <section className={styles.section} aria-labelledby="account-invite">
      <h2 id="account-invite">邀请好友</h2>
      {invite.isError ? (
        <p className={styles.muted} role="alert">
          邀请链接加载失败，
          <Button size="sm" variant="ghost" onClick={() => void invite.refetch()}>
            重试
          </Button>
        </p>
      ) : (
        <div className={styles.invite} aria-busy={invite.isPending}>
          <div className={styles.inviteQr}>
            {invite.data ? <QRCodeSVG value={invite.data.inviteUrl} size={128} level="M" marginSize={0} title="邀请二维码" /> : null}
          </div>
          <div className={styles.inviteText}>
            <p>好友扫码或打开链接即可注册，注册后可直接使用问卷、表单、投票等功能。</p>
            <code className={styles.inviteUrl} data-testid="invite-url">
              {invite.data?.inviteUrl ?? '正在生成邀请链接…'}
            </code>
            <div>
              <Button size="sm" disabled={!invite.data} onClick={() => invite.data && void copy(invite.data.inviteUrl)}>
                <Copy size={14} aria-hidden />
                复制链接
              </Button>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
