import { useEffect, useState } from 'react';
import * as CALL_PATHS from '../../../schemas/api/paths/calls';
import { RespondError, callOf } from '../api';
import { useRespondContext } from './shared';

const WAIT_SECONDS = 60;

/** 需短信验证 under a phone subject: ask for a code for the number typed, type it; the submit sends it along. */
export function SmsCode({ subjectId, phone, base }: { subjectId: string; phone: string; base: string }) {
  const { questionId, preview, password, smsCodes } = useRespondContext();
  const [code, setCode] = useState(() => smsCodes?.[subjectId] ?? '');
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; bad: boolean } | null>(null);
  useEffect(() => {
    if (wait <= 0) return;
    const id = window.setTimeout(() => setWait((n) => n - 1), 1000);
    return () => window.clearTimeout(id);
  }, [wait]);

  const send = () => {
    if (preview) return setNote({ text: '预览模式不发送短信', bad: false });
    setBusy(true);
    callOf(CALL_PATHS.write.sendAnswerSms, { questionId, subjectId, phone, ...(password ? { password } : {}) }).then(
      () => {
        setBusy(false);
        setWait(WAIT_SECONDS);
        setNote({ text: '验证码已发送，请查看短信', bad: false });
      },
      (e: RespondError) => {
        setBusy(false);
        setNote({ text: e.message, bad: true });
      },
    );
  };
  return (
    <div className="r-sms">
      <input
        id={`${base}-sms`}
        className="r-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="短信验证码"
        aria-label="短信验证码"
        value={code}
        onChange={(e) => {
          const next = e.target.value.replace(/\D+/g, '').slice(0, 6);
          setCode(next);
          if (smsCodes) {
            if (next) smsCodes[subjectId] = next;
            else delete smsCodes[subjectId];
          }
        }}
      />
      <button type="button" className="r-btn" disabled={busy || wait > 0 || !phone.trim()} onClick={send}>
        {wait > 0 ? `${wait}秒后重新获取` : '获取验证码'}
      </button>
      {note ? (
        <p className={note.bad ? 'r-msg' : 'r-sms-note'} role={note.bad ? 'alert' : 'status'}>
          {note.text}
        </p>
      ) : null}
    </div>
  );
}
