import { LoaderCircle } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { USER_MESSAGES } from '../../../schemas/api/user';
import { isMobile, normalizePhone } from '../../../schemas/phone';
import { Button } from '../../ui/button';
import { FormMessages, Field, PasswordField } from './auth-fields';
import styles from './auth.module.css';
import { useAuthCopy } from './use-auth-copy';
import type { TLogin } from './use-login';

function LoginForm({ login, action, children, errorExtra }: { login: TLogin; action: string; children: ReactNode; errorExtra?: ReactNode }) {
  const { copy } = useAuthCopy();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    login.submit();
  };
  const outboxLink = import.meta.env.DEV ? (
    <a className={styles.noticeLink} href="/dev/outbox" target="_blank" rel="noreferrer">
      {copy.devOutbox}
    </a>
  ) : null;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={login.submitting}>
      {children}
      <FormMessages error={login.error} notice={login.notice} noticeExtra={outboxLink} errorExtra={errorExtra} />
      <Button type="submit" variant="primary" size="lg" block className={styles.submit} disabled={login.submitting}>
        {login.submitting ? <LoaderCircle size={16} className={styles.spin} aria-hidden /> : null}
        {action}
      </Button>
    </form>
  );
}

function PhoneField({ login }: { login: TLogin }) {
  const { copy } = useAuthCopy();
  return (
    <Field
      label={copy.field.phone}
      value={login.fields.phone}
      onValueChange={(value) => login.change('phone', value)}
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      maxLength={20}
      placeholder={copy.placeholder.phone}
    />
  );
}

function CodeField({ login }: { login: TLogin }) {
  const { copy } = useAuthCopy();
  return (
    <Field
      label={copy.field.code}
      value={login.fields.code}
      onValueChange={(value) => login.change('code', value.replace(/\D/g, ''))}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={copy.placeholder.code}
      addon={
        <button type="button" className={styles.addon} disabled={login.codeButton.disabled} onClick={login.sendCode}>
          {login.codeButton.label}
        </button>
      }
    />
  );
}

function SecretField({ login, fresh }: { login: TLogin; fresh?: boolean }) {
  const { copy } = useAuthCopy();
  return (
    <PasswordField
      label={copy.field.password}
      value={login.fields.password}
      onValueChange={(value) => login.change('password', value)}
      autoComplete={fresh ? 'new-password' : 'current-password'}
      maxLength={64}
      placeholder={fresh ? copy.placeholder.newPassword : copy.placeholder.password}
      showLabel={copy.showPassword}
      hideLabel={copy.hidePassword}
    />
  );
}

export function SmsForm({ login }: { login: TLogin }) {
  const { copy } = useAuthCopy();
  return (
    <LoginForm login={login} action={copy.action.login}>
      <PhoneField login={login} />
      <CodeField login={login} />
    </LoginForm>
  );
}

export function PasswordForm({ login }: { login: TLogin }) {
  const { copy } = useAuthCopy();
  // A locked account opens again when its owner proves the phone: offer the SMS form with the number filled in.
  const useSms = () => {
    const account = login.fields.userName;
    login.select('sms');
    if (isMobile(account)) login.change('phone', normalizePhone(account));
  };
  const unlock =
    login.error === USER_MESSAGES.accountLocked ? (
      <button type="button" className={styles.alertAction} onClick={useSms}>
        {copy.useSms}
      </button>
    ) : null;
  return (
    <LoginForm login={login} action={copy.action.login} errorExtra={unlock}>
      <Field
        label={copy.field.account}
        value={login.fields.userName}
        onValueChange={(value) => login.change('userName', value)}
        autoComplete="username"
        maxLength={64}
        placeholder={copy.placeholder.account}
      />
      <SecretField login={login} />
    </LoginForm>
  );
}

/** Register and reset: phone, code, and the new password. */
export function NewPasswordForm({ login, action }: { login: TLogin; action: string }) {
  return (
    <LoginForm login={login} action={action}>
      <PhoneField login={login} />
      <CodeField login={login} />
      <SecretField login={login} fresh />
    </LoginForm>
  );
}
