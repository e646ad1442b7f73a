import { useState } from 'react';
import { FormHeader } from './form-header';
import type { TDraft } from './draft';
import type { TAnswerForm } from './types';

// The respondent page's screens around the sheet: loading, a notice (failed, closed, log in), the password, the
// exam's intro and the draft to resume (respond-app.tsx picks one by its phase).

export function Loading() {
  return (
    <main className="r-card r-center" aria-busy="true">
      <span className="phone-spinner" aria-hidden />
      <p role="status">加载中…</p>
    </main>
  );
}

export function Notice({ icon, title, text, children }: { icon: string; title: string; text: string; children?: React.ReactNode }) {
  return (
    <main className="r-card r-center">
      <span className="r-notice-icon" aria-hidden>
        {icon}
      </span>
      <h1 className="r-done-title">{title}</h1>
      {text ? <p className="r-notice-text">{text}</p> : null}
      {children}
    </main>
  );
}

export function PasswordScreen({ form, error, onSubmit }: { form: TAnswerForm; error: string | null; onSubmit: (password: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <main className="r-card">
      <FormHeader form={form} />
      <form
        className="r-intro"
        onSubmit={(e) => {
          e.preventDefault();
          if (value.trim()) onSubmit(value.trim());
        }}
      >
        <label className="r-blank" htmlFor="r-password">
          <span className="r-blank-label">此问卷需要密码才能填写</span>
          <input
            id="r-password"
            className="r-input"
            type="password"
            autoComplete="off"
            maxLength={64}
            placeholder="请输入作答密码"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'r-password-err' : undefined}
            value={value}
            autoFocus
            onChange={(e) => setValue(e.target.value)}
          />
        </label>
        {error ? (
          <p className="r-msg" id="r-password-err" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="r-btn r-btn-primary r-btn-lg" disabled={!value.trim()}>
          开始填写
        </button>
      </form>
    </main>
  );
}

export function LoginNotice() {
  return (
    <Notice icon="i" title="请登录后再作答" text="发布者设置了登录后才能填写">
      <a className="r-btn r-btn-primary r-btn-lg" href={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}>
        去登录
      </a>
    </Notice>
  );
}

export function ExamIntro({ form, onStart }: { form: TAnswerForm; onStart: () => void }) {
  return (
    <main className="r-card">
      <FormHeader form={form} />
      <div className="r-intro">
        <p>
          本次考试限时 <strong>{form.settings.examMinutes}</strong> 分钟，开始后计时不会暂停，时间到将自动交卷。
        </p>
        <button type="button" className="r-btn r-btn-primary r-btn-lg" onClick={onStart}>
          开始答题
        </button>
      </div>
    </main>
  );
}

/** 欢迎回来: a draft with answers on this device; go on with it or start again. */
export function ResumePrompt({ form, draft, onResume, onRestart }: { form: TAnswerForm; draft: TDraft; onResume: () => void; onRestart: () => void }) {
  return (
    <main className="r-card">
      <FormHeader form={form} />
      <div className="r-intro" role="dialog" aria-labelledby="r-resume-title" aria-describedby="r-resume-text">
        <h2 id="r-resume-title">欢迎回来</h2>
        <p id="r-resume-text">检测到您上次未完成的填写，已答 {Object.keys(draft.answers).length} 题。</p>
        <div className="r-intro-actions">
          <button type="button" className="r-btn r-btn-primary r-btn-lg" autoFocus onClick={onResume}>
            继续上次的填写
          </button>
          <button type="button" className="r-btn r-btn-ghost r-btn-lg" onClick={onRestart}>
            重新开始
          </button>
        </div>
      </div>
    </main>
  );
}
