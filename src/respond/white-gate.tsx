import { useEffect, useState } from 'react';
import * as CALL_PATHS from '../../schemas/api/paths/calls';
import type { TWhiteGate } from '../../schemas/api/whitelist';
import { callOf, RespondError } from './api';
import { FormHeader } from './form-header';
import type { TAnswerForm } from './types';
import { keepWhiteToken } from './white-token';

const WAIT_SECONDS = 60;
const messageOf = (e: unknown) => (e instanceof RespondError ? e.message : '网络异常，请稍后重试');
const TITLES: Record<TWhiteGate['mode'], string> = {
  phone: '本问卷仅限白名单中的手机号作答，请验证手机号',
  name: '本问卷仅限白名单中的人员作答，请填写您的信息',
  code: '本问卷需凭访问码作答，请输入发布者给您的访问码',
};

/**
 * 答题白名单's gate before the sheet (issue 49 item 2): phone + SMS code, name + the creator's field, or a one-time
 * access code; the proof goes to this tab's storage and the page loads the sheet with it.
 */
export function WhiteGate({ form, gate, error, onPassed }: { form: TAnswerForm; gate: TWhiteGate; error: string | null; onPassed: () => void }) {
  const [values, setValues] = useState({ phone: '', smsCode: '', name: '', field: '', accessCode: '' });
  const [problem, setProblem] = useState(error);
  const [busy, setBusy] = useState(false);
  const update = (key: keyof typeof values, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => update(key, e.target.value);
  const ready =
    gate.mode === 'phone'
      ? values.phone.trim() && values.smsCode.length === 6
      : gate.mode === 'name'
        ? values.name.trim() && values.field.trim()
        : values.accessCode.trim();
  const check = (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    const body =
      gate.mode === 'phone'
        ? { phone: values.phone, smsCode: values.smsCode }
        : gate.mode === 'name'
          ? { name: values.name, field: values.field }
          : { accessCode: values.accessCode };
    callOf(CALL_PATHS.questionWhite.checkWhite, { questionId: form.questionId, ...body }).then(
      (pass) => {
        keepWhiteToken(form.questionId, pass.whitelistToken, pass.expiresIn);
        onPassed();
      },
      (err: unknown) => {
        setBusy(false);
        setProblem(messageOf(err));
      },
    );
  };
  return (
    <main className="r-card" data-testid="white-gate">
      <FormHeader form={form} />
      <form className="r-intro" onSubmit={check}>
        <p className="r-blank-label">{TITLES[gate.mode]}</p>
        {gate.mode === 'phone' ? <PhoneFields questionId={form.questionId} values={values} update={update} onProblem={setProblem} /> : null}
        {gate.mode === 'name' ? (
          <>
            <GateInput id="r-white-name" label="姓名" value={values.name} onChange={set('name')} maxLength={50} />
            <GateInput id="r-white-field" label={gate.fieldLabel} value={values.field} onChange={set('field')} maxLength={100} />
          </>
        ) : null}
        {gate.mode === 'code' ? <GateInput id="r-white-code" label="访问码" value={values.accessCode} onChange={set('accessCode')} maxLength={20} /> : null}
        {problem ? (
          <p className="r-msg" role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="r-btn r-btn-primary r-btn-lg" disabled={busy || !ready}>
          {busy ? '验证中…' : '验证并开始作答'}
        </button>
      </form>
    </main>
  );
}

function GateInput({ id, label, ...input }: { id: string; label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="r-blank" htmlFor={id}>
      <span className="r-blank-label">{label}</span>
      <input id={id} className="r-input" autoComplete="off" placeholder={`请输入${label}`} {...input} />
    </label>
  );
}

type TValues = { phone: string; smsCode: string };
function PhoneFields({
  questionId,
  values,
  update,
  onProblem,
}: {
  questionId: string;
  values: TValues;
  update: (key: 'phone' | 'smsCode', value: string) => void;
  onProblem: (message: string | null) => void;
}) {
  const [wait, setWait] = useState(0);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    if (wait <= 0) return;
    const id = window.setTimeout(() => setWait((n) => n - 1), 1000);
    return () => window.clearTimeout(id);
  }, [wait]);
  const send = () => {
    onProblem(null);
    setWait(WAIT_SECONDS);
    callOf(CALL_PATHS.questionWhite.sendWhiteSms, { questionId, phone: values.phone }).then(
      () => setNote('验证码已发送，请查看短信'),
      (e: unknown) => {
        setWait(0);
        setNote(null);
        onProblem(messageOf(e));
      },
    );
  };
  return (
    <>
      <GateInput
        id="r-white-phone"
        label="手机号"
        type="tel"
        inputMode="tel"
        maxLength={20}
        value={values.phone}
        onChange={(e) => update('phone', e.target.value)}
      />
      <div className="r-sms">
        <input
          id="r-white-sms"
          className="r-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="短信验证码"
          aria-label="短信验证码"
          value={values.smsCode}
          onChange={(e) => update('smsCode', e.target.value.replace(/\D+/g, '').slice(0, 6))}
        />
        <button type="button" className="r-btn" disabled={wait > 0 || !values.phone.trim()} onClick={send}>
          {wait > 0 ? `${wait}秒后重新获取` : '获取验证码'}
        </button>
      </div>
      {note ? (
        <p className="r-sms-note" role="status">
          {note}
        </p>
      ) : null}
    </>
  );
}
