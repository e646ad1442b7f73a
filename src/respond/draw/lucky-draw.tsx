import { useEffect, useState } from 'react';
import type { TDrawInfo, TDrawOutcome } from '../../../schemas/api/draw';
import * as CALL_PATHS from '../../../schemas/api/paths/calls';
import { callOf } from '../api';

export interface TSheetProof {
  questionId: string;
  sheetId: string;
  sheetProof: string;
}

type TState = { kind: 'loading' } | { kind: 'hidden' } | { kind: 'failed'; message: string } | { kind: 'ready'; info: TDrawInfo };

function ContactForm({ proof, onSaved }: { proof: TSheetProof; onSaved: (o: TDrawOutcome) => void }) {
  const [form, setForm] = useState({ name: '', phone: '', address: '' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const send = () => {
    setBusy(true);
    setError('');
    callOf(CALL_PATHS.draw.saveWinnerContact, { ...proof, ...form }).then(onSaved, (e: Error) => {
      setError(e.message);
      setBusy(false);
    });
  };
  const field = (key: keyof typeof form, label: string, type = 'text') => (
    <label>
      {label}
      <input className="r-input" type={type} value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} />
    </label>
  );
  return (
    <form
      className="r-after-form"
      aria-label="领奖信息"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <p className="r-after-note">请填写领奖信息，发起人将据此联系您发放奖品</p>
      {field('name', '姓名')}
      {field('phone', '手机号', 'tel')}
      {field('address', '收货地址')}
      {error ? <p className="r-after-error">{error}</p> : null}
      <button type="submit" className="r-btn r-btn-primary" disabled={busy}>
        {busy ? '提交中…' : '提交领奖信息'}
      </button>
    </form>
  );
}

function Outcome({ outcome, proof, onSaved }: { outcome: TDrawOutcome; proof: TSheetProof; onSaved: (o: TDrawOutcome) => void }) {
  if (!outcome.won) return <p className="r-draw-result">很遗憾，未中奖，感谢参与</p>;
  return (
    <>
      <p className="r-draw-result is-won" data-testid="draw-result">
        恭喜您抽中「{outcome.prizeName}」
      </p>
      {outcome.prizeImage ? <img className="r-cert-img" src={outcome.prizeImage} alt={outcome.prizeName} /> : null}
      {outcome.contactSaved ? <p className="r-after-note">领奖信息已提交，请保持手机畅通</p> : <ContactForm proof={proof} onSaved={onSaved} />}
    </>
  );
}

/** 答题抽奖 after a valid sheet: one draw, decided by the server; a winner leaves a contact. */
export function LuckyDraw({ proof }: { proof: TSheetProof }) {
  const [state, setState] = useState<TState>({ kind: 'loading' });
  const [drawing, setDrawing] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    callOf(CALL_PATHS.draw.getDrawInfo, proof).then(
      (info) => live && setState(info.enabled || info.outcome ? { kind: 'ready', info } : { kind: 'hidden' }),
      () => live && setState({ kind: 'hidden' }),
    );
    return () => {
      live = false;
    };
  }, [proof]);
  if (state.kind !== 'ready') return null;
  const { info } = state;
  const setOutcome = (outcome: TDrawOutcome) => setState({ kind: 'ready', info: { ...info, outcome } });
  const draw = () => {
    setDrawing(true);
    setError('');
    callOf(CALL_PATHS.draw.luckyDraw, proof).then(
      (outcome) => {
        setDrawing(false);
        setOutcome(outcome);
      },
      (e: Error) => {
        setDrawing(false);
        setError(e.message);
      },
    );
  };
  return (
    <section className="r-after" aria-labelledby="r-draw-title">
      <h2 id="r-draw-title">答题抽奖</h2>
      {info.outcome ? (
        <Outcome outcome={info.outcome} proof={proof} onSaved={setOutcome} />
      ) : (
        <>
          <div className={`r-gift${drawing ? ' is-shaking' : ''}`} aria-hidden>
            🎁
          </div>
          {info.prizes.length ? (
            <ul className="r-prize-list" aria-label="奖品">
              {info.prizes.map((p, i) => (
                <li key={i}>{p.name}</li>
              ))}
            </ul>
          ) : null}
          {error ? <p className="r-after-error">{error}</p> : null}
          <button type="button" className="r-btn r-btn-primary" disabled={drawing} onClick={draw}>
            {drawing ? '抽奖中…' : '立即抽奖'}
          </button>
        </>
      )}
    </section>
  );
}
