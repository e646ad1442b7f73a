import { LoaderCircle, Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { QUERY_MESSAGES, type TQueryForm, type TQueryRequest } from '../../../schemas/api/result-query';
import { ApiError } from '../../api/client';
import { sendQuerySms } from '../../api/result-query';
import { Button } from '../../ui/button';
import styles from './result-query-styles';
import { useCodeCountdown } from './use-code-countdown';

function Input({ label, value, onChange, ...rest }: { label: string; value: string; onChange: (v: string) => void } & Record<string, unknown>) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} className={styles.input} value={value} onChange={(event) => onChange(event.target.value)} {...rest} />
    </div>
  );
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : '系统处理出错');

/** The phone key: number, then the SMS code sent to it. */
function PhoneFields({ form, values, set }: { form: TQueryForm; values: Record<string, string>; set: (k: string, v: string) => void }) {
  const countdown = useCodeCountdown();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const send = async () => {
    setNote(null);
    try {
      await sendQuerySms(form.questionId, values.phone ?? '');
      countdown.start();
      setNote({ ok: true, text: '验证码已发送，5分钟内有效' });
    } catch (error) {
      setNote({ ok: false, text: messageOf(error) });
    }
  };
  return (
    <>
      <Input
        label="手机号"
        value={values.phone ?? ''}
        onChange={(v) => set('phone', v)}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={20}
        placeholder="请输入作答时填写的手机号"
      />
      <div className={styles.codeRow}>
        <Input
          label="短信验证码"
          value={values.code ?? ''}
          onChange={(v) => set('code', v.replace(/\D/g, ''))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="6位数字"
        />
        <Button type="button" className={styles.codeButton} disabled={countdown.left > 0} onClick={() => void send()}>
          {countdown.left > 0 ? `${countdown.left}秒后重发` : '获取验证码'}
        </Button>
      </div>
      {note ? (
        <p className={note.ok ? styles.note : styles.error} role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </p>
      ) : null}
    </>
  );
}

/** The query key as the project asks for it; submits the whole key to `onQuery`. */
export function QueryKeyForm({ form, busy, onQuery }: { form: TQueryForm; busy: boolean; onQuery: (body: TQueryRequest) => void }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const set = (key: string, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onQuery({ questionId: form.questionId, ...values });
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
      {form.queryKey === 'phone' ? (
        <PhoneFields form={form} values={values} set={set} />
      ) : (
        <>
          <Input
            label={form.nameLabel}
            value={values.name ?? ''}
            onChange={(v) => set('name', v)}
            maxLength={100}
            placeholder={`请输入作答时填写的${form.nameLabel}`}
          />
          <Input
            label={form.fieldLabel}
            value={values.value ?? ''}
            onChange={(v) => set('value', v)}
            maxLength={200}
            placeholder={`请输入作答时填写的${form.fieldLabel}`}
          />
        </>
      )}
      <Button type="submit" variant="primary" size="lg" block disabled={busy}>
        {busy ? <LoaderCircle size={16} className={styles.spin} aria-hidden /> : <Search size={16} aria-hidden />}
        查询
      </Button>
      <p className={styles.hint}>只能查询本人提交的结果；{QUERY_MESSAGES.none}时请核对填写的信息。</p>
    </form>
  );
}
