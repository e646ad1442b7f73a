import { Copy, ExternalLink } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { TProjectSettings } from '../../../../schemas/api/settings';
import { KEY_FIELD_TYPES, fieldSubjectOf, nameSubjectOf, phoneSubjectOf, plainTitle, type TKeySubject } from '../../../../schemas/result-query';
import { SUBJECT_TYPE } from '../../../../schemas/subjects/subject-types';
import { copyText } from '../../../ui/copy-text';
import styles from './setting.module.css';

type TCommit = (key: keyof TProjectSettings, patch: Partial<TProjectSettings>) => void;

interface TProps {
  questionId: string;
  settings: TProjectSettings;
  subjects: readonly TKeySubject[];
  readOnly: boolean;
  commit: TCommit;
  toggle: (key: keyof TProjectSettings, label: string, hint?: string) => ReactNode;
}

/** A choice of subject for one part of the key; the one the server will use is shown selected. */
function SubjectSelect(props: {
  label: string;
  field: 'queryPhoneSubject' | 'queryNameSubject' | 'queryFieldSubject';
  options: readonly TKeySubject[];
  chosen: TKeySubject | null;
  missing: string;
  readOnly: boolean;
  commit: TCommit;
}) {
  const { label, field, options, chosen, missing, readOnly, commit } = props;
  if (!options.length) return <p className={styles.error}>{missing}</p>;
  return (
    <label className={styles.stack}>
      <span>{label}</span>
      <select aria-label={label} disabled={readOnly} value={chosen?.uuid ?? ''} onChange={(event) => commit(field, { [field]: event.target.value })}>
        {options.map((s) => (
          <option key={s.uuid} value={s.uuid}>
            {plainTitle(s.title) || '未命名题目'}
          </option>
        ))}
      </select>
    </label>
  );
}

function QueryLink({ questionId }: { questionId: string }) {
  const [copied, setCopied] = useState(false);
  const link = `${location.origin}/activityquery.html?questionId=${encodeURIComponent(questionId)}`;
  return (
    <div className={styles.stack}>
      <span>查询链接（发给答题者，或放在结束页）</span>
      <div className={styles.queryLink}>
        <input readOnly aria-label="查询链接" value={link} onFocus={(event) => event.target.select()} />
        <button
          type="button"
          className={styles.linkButton}
          onClick={() =>
            void copyText(link).then((ok) => {
              setCopied(ok);
              if (ok) setTimeout(() => setCopied(false), 3_000);
            })
          }
        >
          <Copy size={14} aria-hidden />
          {copied ? '已复制' : '复制'}
        </button>
        <a className={styles.linkButton} href={link} target="_blank" rel="noreferrer">
          <ExternalLink size={14} aria-hidden />
          打开
        </a>
      </div>
    </div>
  );
}

/** 结果查询 (issue 48): the switch, the key the respondent proves, and the link to the query page. */
export function ResultQuerySettings({ questionId, settings, subjects, readOnly, commit, toggle }: TProps) {
  const phones = subjects.filter((s) => s.subjectType === SUBJECT_TYPE.mobile);
  const texts = subjects.filter((s) => s.subjectType === SUBJECT_TYPE.textInput);
  const name = nameSubjectOf(subjects, settings);
  const fields = subjects.filter((s) => KEY_FIELD_TYPES.has(s.subjectType) && s.uuid !== name?.uuid);
  const key = (value: TProjectSettings['queryKey'], label: string) => (
    <label className={styles.radio}>
      <input type="radio" name="queryKey" disabled={readOnly} checked={settings.queryKey === value} onChange={() => commit('queryKey', { queryKey: value })} />
      {label}
    </label>
  );
  return (
    <>
      {toggle('queryEnabled', '开启结果查询', '答题者凭查询条件查看自己的提交结果（考试分数、接龙序号、预约、订单），看不到他人的')}
      {settings.queryEnabled ? (
        <>
          <div className={styles.stack} role="radiogroup" aria-label="查询条件">
            <span>查询条件</span>
            <div className={styles.radios}>
              {key('phone', '手机号 + 短信验证码')}
              {key('field', '姓名 + 另一项信息')}
            </div>
          </div>
          {settings.queryKey === 'phone' ? (
            <SubjectSelect
              label="手机号题"
              field="queryPhoneSubject"
              options={phones}
              chosen={phoneSubjectOf(subjects, settings)}
              missing="请先在题目中添加「手机号」题，答题者才能凭手机号查询"
              readOnly={readOnly}
              commit={commit}
            />
          ) : (
            <>
              <SubjectSelect
                label="姓名题"
                field="queryNameSubject"
                options={texts}
                chosen={name}
                missing="请先添加一道单行填空题（如“姓名”）"
                readOnly={readOnly}
                commit={commit}
              />
              <SubjectSelect
                label="另一项信息"
                field="queryFieldSubject"
                options={fields}
                chosen={fieldSubjectOf(subjects, settings)}
                missing="请再添加一道填空、手机号、邮箱或身份证号题作为第二项查询信息"
                readOnly={readOnly}
                commit={commit}
              />
            </>
          )}
          {toggle('queryShowAnswers', '查询结果中显示答题内容', '考试分数按“显示考试分数”的设置显示')}
          <QueryLink questionId={questionId} />
        </>
      ) : null}
    </>
  );
}
