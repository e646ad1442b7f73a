import { Building2, TriangleAlert, Users } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useGo } from '../../app/navigation';
import { useSession } from '../../app/session';
import { ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import styles from './auth.module.css';
import invite from './invite-login.module.css';
import { LoginCard } from './login-page';
import { useAuthCopy } from './use-auth-copy';
import { useLogin } from './use-login';

const PHONE_FORMS = ['sms', 'password'] as const;

/** The invitation's code from the link (work_code, as /cooperation.html takes it; workCode also read). */
export function workCodeOf(search: string): string {
  const params = new URLSearchParams(search);
  return (params.get('work_code') ?? params.get('workCode') ?? '').trim();
}

export const cooperationHref = (workCode: string) => `/cooperation.html?work_code=${encodeURIComponent(workCode)}`;

/**
 * An invited person's login on a phone: SMS or password login (the login page's own forms and machine), then on to
 * /cooperation.html with the invitation's code, where the invitation is accepted. Someone already logged in goes on at once.
 */
function InviteLogin({ workCode, notice }: { workCode: string; notice?: string }) {
  const login = useLogin();
  const session = useSession();
  const go = useGo();
  const { copy } = useAuthCopy();
  const finished = useRef(false);

  useEffect(() => {
    if (session.status === 'authenticated' && !finished.current) {
      finished.current = true;
      go(cooperationHref(workCode), { replace: true });
    }
  }, [session.status, go, workCode]);

  useEffect(() => {
    if (!login.succeeded || !login.result || finished.current) return;
    finished.current = true;
    session.login(login.result.userInfo);
    toast.success(copy.success.login);
    go(cooperationHref(workCode), { replace: true });
  }, [login.succeeded, login.result, session, go, copy, workCode]);

  if (session.status !== 'anonymous') return <LoadingState label="正在进入协作邀请…" />;
  return (
    <>
      {notice ? (
        <p className={invite.notice} role="status">
          <Building2 size={16} aria-hidden />
          {notice}
        </p>
      ) : null}
      <LoginCard
        login={login}
        forms={PHONE_FORMS}
        thirdParty={false}
        heading={{
          title: (
            <span className={invite.heading}>
              <Users size={22} aria-hidden />
              加入项目协作
            </span>
          ),
          subtitle: '你收到了一个项目协作邀请，登录后即可加入（未注册的手机号验证后自动注册）',
        }}
      />
    </>
  );
}

function InvitePage({ notice }: { notice?: string }) {
  const go = useGo();
  const workCode = workCodeOf(go.search());
  return (
    <div className={styles.stage}>
      <div className={invite.column}>
        {workCode ? (
          <InviteLogin workCode={workCode} notice={notice} />
        ) : (
          <ErrorState icon={<TriangleAlert size={32} />} title="邀请链接不完整" description="请向项目创建者重新获取邀请链接" />
        )}
      </div>
    </div>
  );
}

/** /authH5?work_code=…: 邀请授权登录. */
export function AuthH5Page() {
  return <InvitePage />;
}

/**
 * /H5qyWechat?work_code=…: 企业微信邀请登录. No enterprise WeChat app is configured for this platform (README has no
 * setting for one), so the page says so and offers the same SMS and password login.
 */
export function QyWechatPage() {
  return <InvitePage notice="本平台未开通企业微信登录，请使用手机号验证码或账号密码登录后加入协作" />;
}

export default AuthH5Page;
