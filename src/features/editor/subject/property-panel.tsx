import type { ReactNode } from 'react';
import { z } from 'zod';
import { subjectEntry, type TSubject } from '../../../../schemas/subjects/registry';
import { SUBJECT_TYPE } from '../../../../schemas/subjects/subject-types';
import { questionCount } from '../../../../machines/editor/editor.rules';
import { useEditor, useEditorApi, useEditorUi, useKindNoun, useLookProject } from '../use-editor';
import { labelledLines } from '../../../subjects/fields';
import { subjectLook, typeIcon, typeName } from '../../../subjects/subject-looks';
import type { TFieldContext } from '../../../subjects/subject-look';
import { CheckField, NumberField, Section, SelectField, TextField, type TCommit } from '../../../subjects/property-fields';
import styles from '../../../subjects/property-panel.module.css';

type Any = Record<string, unknown>;

/** Chinese labels of configuration fields (the generic fields read the type's Zod schema). */
const LABELS: Record<string, string> = {
  minPicks: '最少选择',
  maxPicks: '最多选择',
  multiple: '允许多选',
  rankAll: '须全部排序',
  minRank: '最少排序数',
  preset: '输入格式',
  minLength: '最少字数',
  maxLength: '最多字数',
  placeholder: '提示文字',
  rows: '输入框行数',
  caseSensitive: '判分区分大小写',
  minPerRow: '每行最少选择',
  maxPerRow: '每行最多选择',
  maxSizeMb: '单个文件上限（MB）',
  minCount: '最少文件数',
  maxCount: '最多文件数',
  mode: '日期类型',
  points: '量表级数',
  start: '起始分值',
  minLabel: '最低端文字',
  maxLabel: '最高端文字',
  total: '各项合计',
  min: '最小值',
  max: '最大值',
  decimals: '小数位数',
  unit: '单位',
  stars: '星星数量',
  step: '步长',
  smsVerify: '需短信验证',
  lineStyle: '线型',
  url: '地址',
  alt: '图片说明',
  link: '点击跳转链接',
  autoplay: '自动播放',
  name: '联系人',
  phone: '电话',
  wechat: '微信',
  email: '邮箱',
  address: '地址',
  maxScore: '最高星级',
  allowComment: '允许文字评价',
  commentMaxLength: '评价最多字数',
  level: '选择到',
  detail: '详细地址',
  startDate: '开始日期',
  endDate: '结束日期',
  timerSeconds: '本页限时（秒）',
  score: '本题分值',
  answerAnalysis: '答案解析',
  scoring: '计分方式',
  partialScore: '部分答对得分',
};
const CHOICES: Record<string, Record<string, string>> = {
  preset: { any: '不限', number: '数字', letters: '英文字母', chinese: '中文', url: '网址', postcode: '邮政编码' },
  mode: { date: '日期', time: '时间', datetime: '日期和时间' },
  lineStyle: { solid: '实线', dashed: '虚线', dotted: '点线' },
  level: { province: '省份', city: '城市', district: '区县' },
  detail: { none: '不需要', optional: '选填', required: '必填' },
  scoring: { all: '全部答对才得分', partial: '部分答对得部分分', perPosition: '按位置逐项得分' },
};
/** Fields of exams only. */
/** Numbers whose empty value is not "no limit": a score is never 不限 (issue 17 item 7). */
const EMPTY_MEANS: Record<string, { placeholder: string; hint: string }> = {
  score: { placeholder: '0', hint: '留空则本题不计分' },
  partialScore: { placeholder: '按比例', hint: '留空按选对的比例得分' },
};
const EXAM_KEYS = new Set(['score', 'answerAnalysis', 'scoring', 'partialScore', 'acceptedAnswers', 'caseSensitive', 'correctOrder', 'timerSeconds']);
/** Drawn by hand below (lists, dates, images) or edited on the card. */
const HAND_KEYS = new Set([
  'uuid',
  'title',
  'description',
  'required',
  'indexSort',
  'isStemIndex',
  'subjectType',
  'options',
  'rows',
  'columns',
  'items',
  'blanks',
  'labels',
  'levels',
  'nodes',
  'accept',
  'acceptedAnswers',
  'correctOrder',
  'products',
  'weeks',
  'times',
  'url',
  'poster',
  'qrCode',
  'answerAnalysis',
]);

// The subject schemas are built with zod/mini (the respondent page bundles them), so fields are told apart by
// zod's core classes, which classic and mini schemas share, and read through their definitions.
type TCore = z.core.$ZodType;

function unwrap(schema: TCore): { inner: TCore; optional: boolean } {
  let inner = schema;
  let optional = false;
  while (inner instanceof z.core.$ZodOptional || inner instanceof z.core.$ZodDefault || inner instanceof z.core.$ZodNullable) {
    optional = optional || inner instanceof z.core.$ZodOptional;
    inner = inner._zod.def.innerType;
  }
  return { inner, optional };
}

/** Scalar fields straight from the type's Zod schema: numbers, switches, texts, choices. */
function genericFields(subject: TSubject, exam: boolean, commit: (key: string) => TCommit<unknown>): ReactNode[] {
  const schema = subjectEntry(subject.subjectType).schema as unknown;
  if (!(schema instanceof z.core.$ZodObject)) return [];
  const values = subject as unknown as Any;
  const own = new Set(subjectLook(subject.subjectType)?.ownFields);
  const fields: ReactNode[] = [];
  for (const [key, field] of Object.entries(schema._zod.def.shape)) {
    if (HAND_KEYS.has(key) || own.has(key) || (EXAM_KEYS.has(key) && !exam)) continue;
    const { inner, optional } = unwrap(field);
    const label = LABELS[key] ?? key;
    if (inner instanceof z.core.$ZodNumber) {
      const empty = EMPTY_MEANS[key];
      fields.push(
        <NumberField
          key={key}
          label={label}
          value={values[key] as number | undefined}
          optional={optional}
          placeholder={empty?.placeholder}
          hint={empty?.hint}
          onCommit={commit(key) as TCommit<number | undefined>}
        />,
      );
    } else if (inner instanceof z.core.$ZodBoolean) {
      fields.push(<CheckField key={key} label={label} checked={Boolean(values[key])} onCommit={commit(key) as TCommit<boolean>} />);
    } else if (inner instanceof z.core.$ZodEnum) {
      const names = CHOICES[key] ?? {};
      const options = (Object.values(inner._zod.def.entries) as string[]).map((value) => ({ value, label: names[value] ?? value }));
      fields.push(
        <SelectField
          key={key}
          label={label}
          value={values[key] as string}
          options={optional ? [{ value: '', label: '默认' }, ...options] : options}
          onCommit={(v) => commit(key)(v === '' ? undefined : v)}
        />,
      );
    } else if (inner instanceof z.core.$ZodUnion && inner._zod.def.options.every((o) => o instanceof z.core.$ZodLiteral)) {
      const options = (inner._zod.def.options as z.core.$ZodLiteral[]).map((o) => ({
        value: o._zod.def.values[0] as number,
        label: String(o._zod.def.values[0]),
      }));
      fields.push(<SelectField key={key} label={label} value={values[key] as number} options={options} onCommit={commit(key) as TCommit<number>} />);
    } else if (inner instanceof z.core.$ZodString) {
      fields.push(
        <TextField key={key} label={label} value={values[key] as string | undefined} onCommit={(v) => commit(key)(v ?? (optional ? undefined : ''))} />,
      );
    }
  }
  return fields;
}

/** Parts lists any type may have (matrix rows and columns, constant-sum items), then the type's own fields. */
const PART_LISTS = [
  ['rows', '行标题'],
  ['columns', '列标题'],
  ['items', '分配项目'],
] as const;

function handFields(ctx: TFieldContext): ReactNode[] {
  const { subject, exam, commit } = ctx;
  const s = subject as unknown as Any;
  const out: ReactNode[] = PART_LISTS.filter(([key]) => Array.isArray(s[key])).map(([key, label]) => labelledLines(ctx, key, label));
  out.push(...(subjectLook(subject.subjectType)?.fields?.(ctx) ?? []));
  if (exam && subjectEntry(subject.subjectType).answerable) {
    out.push(
      <TextField
        key="analysis"
        multiline
        label="答案解析"
        value={s.answerAnalysis as string | undefined}
        onCommit={commit('answerAnalysis') as TCommit<string | undefined>}
      />,
    );
  }
  return out;
}

function Overview() {
  const doc = useEditor((s) => s.context.document);
  const noun = useKindNoun();
  const pages = doc.subjects.filter((s) => s.subjectType === SUBJECT_TYPE.pageBreak).length + 1;
  const required = doc.subjects.filter((s) => s.required && subjectEntry(s.subjectType).answerable).length;
  return (
    <div className={styles.overview}>
      <h2 className={styles.panelTitle}>{noun}概览</h2>
      <dl className={styles.stats}>
        <div>
          <dt>题目</dt>
          <dd>{questionCount(doc)}</dd>
        </div>
        <div>
          <dt>页数</dt>
          <dd>{pages}</dd>
        </div>
        <div>
          <dt>必答题</dt>
          <dd>{required}</dd>
        </div>
      </dl>
      <p className={styles.hint}>点击画布中的题目，可在这里设置它的属性。</p>
      <ul className={styles.tips}>
        <li>Ctrl+Z 撤销，Ctrl+Shift+Z 重做，Ctrl+S 立即保存</li>
        <li>拖动题目左侧的手柄可调整顺序，也可用空格键和方向键</li>
        <li>勾选多道题目后，可批量设置必答或删除</li>
      </ul>
    </div>
  );
}

/** The right panel: the selected subject's configuration, its type's own fields first. */
export function PropertyPanel({ exam }: { exam: boolean }) {
  const api = useEditorApi();
  const active = useEditorUi((ui) => ui.active);
  const subject = useEditor((s) => (active ? s.context.document.subjects.find((x) => x.uuid === active) : undefined));
  const project = useLookProject();
  if (!subject) return <Overview />;
  const entry = subjectEntry(subject.subjectType);
  const look = subjectLook(subject.subjectType);
  const commit =
    (key: string): TCommit<unknown> =>
    (value) =>
      api.patchSubject(subject.uuid, { [key]: value })?.message ?? null;
  const Icon = typeIcon(subject.subjectType);
  const fields = [
    ...genericFields(subject, exam, commit),
    ...handFields({ subject, exam, project, commit, patch: (patch) => api.patchSubject(subject.uuid, patch)?.message ?? null }),
  ];
  return (
    <div className={styles.panel} key={subject.uuid}>
      <header className={styles.head}>
        <span className={styles.headIcon}>
          <Icon size={16} aria-hidden />
        </span>
        <div>
          <h2 className={styles.panelTitle}>{typeName(subject.subjectType)}</h2>
          <p className={styles.hint}>题目设置</p>
        </div>
      </header>
      {entry.answerable ? (
        <Section title="基础">
          <CheckField label="必答" checked={subject.required} onCommit={(v) => api.setRequired([subject.uuid], v)?.message ?? null} />
          {entry.numbered ? (
            <CheckField
              label="显示题号"
              checked={subject.isStemIndex}
              onCommit={commit('isStemIndex') as TCommit<boolean>}
              hint="关闭后本题不编号，后续题号顺延"
            />
          ) : null}
        </Section>
      ) : null}
      {fields.length ? <Section title="题型设置">{fields}</Section> : null}
      {'options' in subject ? (
        <Section title="选项">
          <p className={styles.hint}>
            在画布中直接编辑选项：回车新增下一个选项，拖动左侧手柄调整顺序；点击选项右侧“⋯”可设置填空、互斥、隐藏和配额
            {exam ? '、分值；勾选选项前的圆圈设为正确答案' : ''}。
          </p>
        </Section>
      ) : null}
      {look?.notes?.(exam)}
    </div>
  );
}
