import { BarChart3, ChevronLeft, ClipboardList, GraduationCap, ShieldCheck, Sparkles, Users } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { Tabs as RadixTabs } from 'radix-ui';
import { useEffect, useRef, type ReactNode } from 'react';
import { LOGIN_FORMS, type TLoginForm } from '../../../machines/login/login.types';
import { REDIRECT_PARAM, safeRedirect } from '../../app/guards';
import tabs from '../../ui/tabs.module.css';
import { toast } from '../../ui/toast';
import styles from './auth.module.css';
import { NewPasswordForm, PasswordForm, SmsForm } from './login-forms';
import { useGo } from '../../app/navigation';
import { QqLoginButton } from './qq-login-button';
import { QrPanel } from './qr-panel';
import { useSession } from '../../app/session';
import { useAuthCopy } from './use-auth-copy';
import { useLogin, type TLogin } from './use-login';

const FEATURE_ICONS = [ClipboardList, GraduationCap, BarChart3, Users];

function Pitch() {
  const { copy, fill } = useAuthCopy();
  return (
    <section className={styles.pitch}>
      <span className={styles.eyebrow}>
        <Sparkles size={14} aria-hidden />
        {fill(copy.pitch.eyebrow)}
      </span>
      <h2 className={styles.pitchTitle}>{fill(copy.pitch.title)}</h2>
      <p className={styles.pitchSubtitle}>{copy.pitch.subtitle}</p>
      <ul className={styles.features}>
        {copy.pitch.features.map((feature, index) => {
          const Icon = FEATURE_ICONS[index % FEATURE_ICONS.length]!;
          return (
            <li key={feature.title} className={styles.feature}>
              <span className={styles.featureIcon} aria-hidden>
                <Icon size={20} />
              </span>
              <div>
                <div className={styles.featureTitle}>{feature.title}</div>
                <p className={styles.featureText}>{feature.text}</p>
              </div>
            </li>
          );
        })}
      </ul>
      <p className={styles.secure}>
        <ShieldCheck size={14} aria-hidden />
        {copy.pitch.secure}
      </p>
    </section>
  );
}

/**
 * Radix tabs, with panel names that do not repeat the field labels ("验证码登录" would otherwise also answer
 * to a label search for "验证码").
 */
type TLoginTab = 'sms' | 'password' | 'qr';
const ALL_TABS: readonly TLoginTab[] = ['sms', 'password', 'qr'];

function LoginTabs({ login, forms = ALL_TABS }: { login: TLogin; forms?: readonly TLoginTab[] }) {
  const { copy } = useAuthCopy();
  const links = (
    <div className={styles.links}>
      <span>
        <span className={styles.muted}>{copy.link.noAccount}</span>
        <button type="button" className={styles.linkButton} onClick={() => login.select('register')}>
          {copy.link.register}
        </button>
      </span>
      <button type="button" className={styles.linkButton} onClick={() => login.select('reset')}>
        {copy.link.forgot}
      </button>
    </div>
  );
  const panel = (value: 'sms' | 'password' | 'qr', children: ReactNode) => (
    <RadixTabs.Content value={value} className={tabs.content} aria-labelledby={undefined} aria-label={copy.tabs.panels[value]}>
      {children}
    </RadixTabs.Content>
  );
  return (
    <RadixTabs.Root value={login.form} onValueChange={(value) => login.select(value as TLoginForm)}>
      <RadixTabs.List className={tabs.list} aria-label={copy.tabs.label}>
        {forms.map((value) => (
          <RadixTabs.Trigger key={value} value={value} className={tabs.trigger}>
            {copy.tabs[value]}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {panel(
        'sms',
        <>
          <SmsForm login={login} />
          {links}
        </>,
      )}
      {panel(
        'password',
        <>
          <PasswordForm login={login} />
          {links}
        </>,
      )}
      {forms.includes('qr') ? panel('qr', <QrPanel actor={login.qrActor} signingIn={login.submitting} error={login.error} />) : null}
    </RadixTabs.Root>
  );
}

/**
 * The login card. Another login page (the invitation logins /authH5, /H5qyWechat) gives its own heading and tabs and
 * leaves out the third-party buttons; the forms are the same.
 */
export function LoginCard({
  login,
  heading,
  forms,
  thirdParty = true,
}: {
  login: TLogin;
  heading?: { title: ReactNode; subtitle: ReactNode };
  forms?: readonly TLoginTab[];
  thirdParty?: boolean;
}) {
  const { copy, fill } = useAuthCopy();
  const view = login.form === 'register' || login.form === 'reset' ? login.form : 'login';
  return (
    // No accessible name on the card: "找回密码" would also answer to a label search for "密码".
    <section className={styles.card}>
      {view !== 'login' ? (
        <button type="button" className={styles.back} onClick={() => login.select('sms')}>
          <ChevronLeft size={16} aria-hidden />
          {copy.link.back}
        </button>
      ) : null}
      <h1 className={styles.cardTitle}>{view === 'login' && heading ? heading.title : fill(copy.title[view])}</h1>
      <p className={styles.cardSubtitle}>{view === 'login' && heading ? heading.subtitle : copy.subtitle[view]}</p>
      {view === 'login' ? (
        <>
          <LoginTabs login={login} forms={forms} />
          {thirdParty ? <QqLoginButton /> : null}
        </>
      ) : null}
      {view === 'register' ? <NewPasswordForm login={login} action={copy.action.register} /> : null}
      {view === 'reset' ? <NewPasswordForm login={login} action={copy.action.reset} /> : null}
      {view !== 'login' ? (
        <div className={styles.links}>
          <span>
            <span className={styles.muted}>{copy.link.haveAccount}</span>
            <button type="button" className={styles.linkButton} onClick={() => login.select('sms')}>
              {copy.link.signIn}
            </button>
          </span>
        </div>
      ) : null}
      <p className={styles.agreement}>
        {copy.agreement.lead}
        <Link to="/agreement.html">{copy.agreement.terms}</Link>
        {copy.agreement.and}
        <Link to="/privacy.html">{copy.agreement.privacy}</Link>
      </p>
    </section>
  );
}

/** /login: SMS, password and QR login (and QQ when configured), register and reset; then back to `?redirect=` or to the workbench, where a creator works. */
export function LoginPage() {
  const login = useLogin();
  const session = useSession();
  const go = useGo();
  const { copy } = useAuthCopy();
  const finished = useRef(false);
  const { select } = login;

  useEffect(() => {
    const tab = new URLSearchParams(go.search()).get('tab');
    if (tab && tab !== 'sms' && (LOGIN_FORMS as readonly string[]).includes(tab)) select(tab as TLoginForm);
    // Only the address the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!login.succeeded || !login.result || finished.current) return;
    finished.current = true;
    session.login(login.result.userInfo);
    toast.success(login.form === 'register' ? copy.success.register : login.form === 'reset' ? copy.success.reset : copy.success.login);
    go(safeRedirect(new URLSearchParams(go.search()).get(REDIRECT_PARAM)), { replace: true });
  }, [login.succeeded, login.result, login.form, session, go, copy]);

  return (
    <div className={styles.stage}>
      <div className={styles.layout}>
        <Pitch />
        <LoginCard login={login} />
      </div>
    </div>
  );
}

export default LoginPage;
