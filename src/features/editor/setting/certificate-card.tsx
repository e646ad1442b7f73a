import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CERTIFICATE_FIELDS } from '../../../../schemas/api/certificate';
import { certificateNameSubjectOf } from '../../../../schemas/certificate/name-subject';
import { plainTitle } from '../../../../schemas/result-query';
import { SUBJECT_TYPE } from '../../../../schemas/subjects/subject-types';
import { selectSubjects } from '../../../../machines/editor/editor.selectors';
import { useEditor } from '../use-editor';
import { certificateSettingQuery, drawKeys, saveCertificateSetting } from '../../../api/draw';
import { Button, LoadingState, toast } from '../../../ui';
import styles from './setting.module.css';
import own from './draw-card.module.css';

interface TDraft {
  enabled: boolean;
  title: string;
  body: string;
  issuer: string;
  passScore: string;
  nameSubject: string;
}

/** 证书姓名取自: the exam's single-line texts; 自动 names the one the server would take, or says the name is typed. */
function NameSubjectField({ value, readOnly, onChange }: { value: string; readOnly: boolean; onChange: (uuid: string) => void }) {
  const subjects = useEditor(selectSubjects);
  const texts = subjects.filter((s) => s.subjectType === SUBJECT_TYPE.textInput);
  const auto = certificateNameSubjectOf(subjects, '');
  return (
    <label className={styles.stack}>
      <span>证书姓名取自</span>
      <select aria-label="证书姓名取自" disabled={readOnly} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{auto ? `自动：「${plainTitle(auto.title).slice(0, 20)}」题的答案` : '自动：试卷中没有姓名题，领取时填写'}</option>
        {texts.map((s) => (
          <option key={s.uuid} value={s.uuid}>
            「{plainTitle(s.title).slice(0, 20) || '未命名填空题'}」题的答案
          </option>
        ))}
      </select>
      <small className={styles.hint}>答卷中该题留空时，答题者领取证书时自己填写姓名</small>
    </label>
  );
}

/** 考试证书 (issue 49 item 5): the template and the pass score; passing respondents download it after submitting. */
export function CertificateSettings({ questionId, readOnly }: { questionId: string; readOnly: boolean }) {
  const client = useQueryClient();
  const { data, isPending, isError } = useQuery(certificateSettingQuery(questionId));
  const [draft, setDraft] = useState<TDraft | null>(null);
  useEffect(() => {
    if (data)
      setDraft({
        enabled: data.enabled,
        title: data.title,
        body: data.body,
        issuer: data.issuer,
        passScore: String(data.passScore),
        nameSubject: data.nameSubject,
      });
  }, [data]);
  const save = useMutation({
    mutationFn: (d: TDraft) => saveCertificateSetting({ questionId, ...d, passScore: Number(d.passScore || 0) }),
    onSuccess: (saved) => {
      client.setQueryData(drawKeys.certificate(questionId), saved);
      toast.success('证书设置已保存');
    },
  });
  if (isPending) return <LoadingState compact />;
  if (isError || !data || !draft) return <p className={styles.hint}>证书设置加载失败，请刷新重试</p>;
  const set = (patch: Partial<TDraft>) => setDraft({ ...draft, ...patch });
  return (
    <>
      <label className={styles.switchRow}>
        <span>
          开启考试证书
          <small>成绩达到合格分数的答题者，提交后可领取带编号和查验二维码的证书（PNG / PDF）</small>
        </span>
        <input
          type="checkbox"
          role="switch"
          aria-label="开启考试证书"
          checked={draft.enabled}
          disabled={readOnly}
          onChange={(e) => set({ enabled: e.target.checked })}
        />
      </label>
      <label className={styles.fieldRow}>
        <span>合格分数</span>
        <span className={styles.inputWrap}>
          <input
            aria-label="合格分数"
            inputMode="decimal"
            disabled={readOnly}
            value={draft.passScore}
            onChange={(e) => set({ passScore: e.target.value.replace(/[^\d.]/g, '') })}
          />
          <em>分（满分 {data.maxScore} 分）</em>
        </span>
      </label>
      <label className={styles.stack}>
        <span>证书标题</span>
        <input aria-label="证书标题" maxLength={20} disabled={readOnly} value={draft.title} onChange={(e) => set({ title: e.target.value })} />
      </label>
      <label className={styles.stack}>
        <span>证书正文</span>
        <textarea rows={3} aria-label="证书正文" maxLength={300} disabled={readOnly} value={draft.body} onChange={(e) => set({ body: e.target.value })} />
        <span className={own.placeholders}>可插入：{CERTIFICATE_FIELDS.join(' ')}</span>
      </label>
      <NameSubjectField value={draft.nameSubject} readOnly={readOnly} onChange={(nameSubject) => set({ nameSubject })} />
      <label className={styles.stack}>
        <span>颁发单位（选填）</span>
        <input aria-label="颁发单位" maxLength={30} disabled={readOnly} value={draft.issuer} onChange={(e) => set({ issuer: e.target.value })} />
      </label>
      <div className={own.actions}>
        <Button size="sm" variant="primary" disabled={readOnly || save.isPending} onClick={() => save.mutate(draft)}>
          {save.isPending ? '保存中…' : '保存证书设置'}
        </Button>
        <span className={own.total}>已颁发 {data.issued} 张</span>
      </div>
    </>
  );
}
