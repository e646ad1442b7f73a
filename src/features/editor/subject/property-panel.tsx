import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { subjectEntry, type TSubject } from '../../../../schemas/subjects/registry';
import { questionCount } from '../../../../machines/editor/editor.rules';
import { newId } from '../editor-session';
import { useEditor, useEditorApi, useEditorUi, useKindNoun } from '../use-editor';
import type { TMultiBlankSubject } from '../../../../schemas/subjects/types/multi-blank';
import { BlanksField } from './blanks-field';
import { DateTimeField } from '../../../ui/date-time-field';
import type { TDateTimeMode } from '../../../ui/date-time-value';
import { CheckField, DateTimeValueField, ImageField, LinesField, NumberField, Section, SelectField, TextField, type TCommit } from './property-fields';
import { typeIcon, typeName } from './subject-kinds';
import styles from './property-panel.module.css';

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

function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean } {
  let inner = schema;
  let optional = false;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault || inner instanceof z.ZodNullable) {
    optional = optional || inner instanceof z.ZodOptional;
    inner = (inner as z.ZodOptional<z.ZodType>).unwrap() as z.ZodType;
  }
  return { inner, optional };
}

/** Scalar fields straight from the type's Zod schema: numbers, switches, texts, choices. */
function genericFields(subject: TSubject, exam: boolean, commit: (key: string) => TCommit<unknown>): ReactNode[] {
  const schema = subjectEntry(subject.subjectType).schema as unknown;
  if (!(schema instanceof z.ZodObject)) return [];
  const values = subject as unknown as Any;
  const fields: ReactNode[] = [];
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    if (HAND_KEYS.has(key) || (EXAM_KEYS.has(key) && !exam)) continue;
    if (subject.subjectType === 14 && (key === 'min' || key === 'max')) continue;
    const { inner, optional } = unwrap(field);
    const label = LABELS[key] ?? key;
    if (inner instanceof z.ZodNumber) {
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
    } else if (inner instanceof z.ZodBoolean) {
      fields.push(<CheckField key={key} label={label} checked={Boolean(values[key])} onCommit={commit(key) as TCommit<boolean>} />);
    } else if (inner instanceof z.ZodEnum) {
      const names = CHOICES[key] ?? {};
      const options = (inner.options as string[]).map((value) => ({ value, label: names[value] ?? value }));
      fields.push(
        <SelectField
          key={key}
          label={label}
          value={values[key] as string}
          options={optional ? [{ value: '', label: '默认' }, ...options] : options}
          onCommit={(v) => commit(key)(v === '' ? undefined : v)}
        />,
      );
    } else if (inner instanceof z.ZodUnion && (inner.options as z.ZodType[]).every((o) => o instanceof z.ZodLiteral)) {
      const options = (inner.options as z.ZodLiteral[]).map((o) => ({ value: o.value as number, label: String(o.value) }));
      fields.push(<SelectField key={key} label={label} value={values[key] as number} options={options} onCommit={commit(key) as TCommit<number>} />);
    } else if (inner instanceof z.ZodString) {
      fields.push(
        <TextField key={key} label={label} value={values[key] as string | undefined} onCommit={(v) => commit(key)(v ?? (optional ? undefined : ''))} />,
      );
    }
  }
  return fields;
}

type Labelled = { uuid: string; title: string };
const relabel = (old: Labelled[], lines: string[]) => lines.map((title, i) => ({ uuid: old[i]?.uuid ?? newId(), title }));

/** Cascade nodes as "一级/二级/三级" lines and back. */
type Node = { id: string; label: string; children?: Node[] };
function nodesToLines(nodes: Node[], prefix = ''): string[] {
  return nodes.flatMap((n) => (n.children?.length ? nodesToLines(n.children, `${prefix}${n.label}/`) : [`${prefix}${n.label}`]));
}
function linesToNodes(lines: string[], old: Node[]): Node[] {
  const root: Node[] = [];
  for (const line of lines) {
    let level = root;
    let previous: Node[] | undefined = old;
    for (const label of line
      .split('/')
      .map((p) => p.trim())
      .filter(Boolean)
      .slice(0, 4)) {
      let node = level.find((n) => n.label === label);
      const before: Node | undefined = previous?.find((n) => n.label === label);
      if (!node) {
        node = { id: before?.id ?? newId(), label };
        level.push(node);
      }
      node.children ??= [];
      level = node.children;
      previous = before?.children;
    }
  }
  const prune = (nodes: Node[]): Node[] => nodes.map((n) => (n.children?.length ? { ...n, children: prune(n.children) } : { id: n.id, label: n.label }));
  return prune(root);
}

function handFields(subject: TSubject, exam: boolean, commit: (key: string) => TCommit<unknown>, patch: (patch: Record<string, unknown>) => void): ReactNode[] {
  const s = subject as unknown as Any;
  const out: ReactNode[] = [];
  if ('rows' in subject && Array.isArray(s.rows))
    out.push(
      <LinesField
        key="rows"
        label="行标题"
        lines={(s.rows as Labelled[]).map((r) => r.title)}
        onCommit={(l) => commit('rows')(relabel(s.rows as Labelled[], l))}
      />,
    );
  if ('columns' in subject)
    out.push(
      <LinesField
        key="columns"
        label="列标题"
        lines={(s.columns as Labelled[]).map((r) => r.title)}
        onCommit={(l) => commit('columns')(relabel(s.columns as Labelled[], l))}
      />,
    );
  if ('items' in subject)
    out.push(
      <LinesField
        key="items"
        label="分配项目"
        lines={(s.items as Labelled[]).map((r) => r.title)}
        onCommit={(l) => commit('items')(relabel(s.items as Labelled[], l))}
      />,
    );
  if (subject.subjectType === 10) out.push(<BlanksField key="blanks" blanks={(subject as TMultiBlankSubject).blanks} exam={exam} commit={commit('blanks')} />);
  if (subject.subjectType === 38)
    out.push(
      <LinesField
        key="labels"
        label="评价标签"
        lines={(s.labels as Labelled[]).map((r) => r.title)}
        onCommit={(l) => commit('labels')(relabel(s.labels as Labelled[], l))}
      />,
    );
  if (subject.subjectType === 19 || subject.subjectType === 18) {
    out.push(
      <LinesField
        key="labels"
        label="每级文字（选填）"
        hint="从最低分到最高分，每行一级"
        lines={(s.labels as string[] | undefined) ?? []}
        onCommit={(l) => commit('labels')(l.length ? l : undefined)}
      />,
    );
  }
  if (subject.subjectType === 17) {
    out.push(<LinesField key="levels" label="级别名称" lines={s.levels as string[]} onCommit={commit('levels') as TCommit<string[]>} />);
    out.push(
      <LinesField
        key="nodes"
        label="级联数据"
        rows={8}
        hint="每行一条完整路径，用“/”分隔，如：浙江/杭州/西湖区"
        lines={nodesToLines(s.nodes as Node[])}
        onCommit={(l) => commit('nodes')(linesToNodes(l, s.nodes as Node[]))}
      />,
    );
  }
  if (subject.subjectType === 13) {
    out.push(
      <TextField
        key="accept"
        label="允许的文件类型"
        hint="用逗号分隔扩展名，如 pdf,docx,jpg；留空不限"
        value={(s.accept as string[]).join(',')}
        onCommit={(v) =>
          commit('accept')(
            (v ?? '')
              .toLowerCase()
              .split(/[,，\s]+/)
              .map((x) => x.replace(/^\./, ''))
              .filter(Boolean),
          )
        }
      />,
    );
  }
  if (subject.subjectType === 14) {
    const mode = s.mode as TDateTimeMode;
    out.push(
      <DateTimeValueField
        key={`min-${mode}`}
        mode={mode}
        label="最早"
        value={s.min as string | undefined}
        onCommit={commit('min') as TCommit<string | undefined>}
      />,
    );
    out.push(
      <DateTimeValueField
        key={`max-${mode}`}
        mode={mode}
        label="最晚"
        value={s.max as string | undefined}
        onCommit={commit('max') as TCommit<string | undefined>}
      />,
    );
  }
  if (subject.subjectType === 31) out.push(<ImageField key="url" label="图片" value={s.url as string} onCommit={(v) => commit('url')(v ?? '')} />);
  if (subject.subjectType === 32 || subject.subjectType === 35)
    out.push(
      <TextField
        key="url"
        type="url"
        label={subject.subjectType === 32 ? '视频地址' : '音频地址'}
        placeholder="https://"
        value={s.url as string}
        onCommit={(v) => commit('url')(v ?? '')}
      />,
    );
  if (subject.subjectType === 32)
    out.push(<ImageField key="poster" label="视频封面" value={s.poster as string | undefined} onCommit={commit('poster') as TCommit<string | undefined>} />);
  if (subject.subjectType === 36)
    out.push(<ImageField key="qr" label="二维码" value={s.qrCode as string | undefined} onCommit={commit('qrCode') as TCommit<string | undefined>} />);
  if (subject.subjectType === 34) out.push(<ProductsField key="products" subject={subject} commit={commit('products')} />);
  if (subject.subjectType === 37) out.push(<SlotsField key="slots" subject={subject} commit={commit} />);
  if (exam && subject.subjectType === 6) {
    out.push(
      <LinesField
        key="accepted"
        label="正确答案"
        hint="每行一个可接受的答案"
        lines={(s.acceptedAnswers as string[] | undefined) ?? []}
        onCommit={(l) => commit('acceptedAnswers')(l.length ? l : undefined)}
      />,
    );
  }
  if (exam && subject.subjectType === 9) {
    const order = s.correctOrder as string[] | undefined;
    out.push(
      <div key="order" className={styles.field}>
        <span className={styles.label}>正确顺序</span>
        <p className={styles.hint}>{order?.length ? '已设置（以设置时的选项顺序为准）' : '尚未设置'}</p>
        <button type="button" className={styles.linkButton} onClick={() => patch({ correctOrder: (s.options as Labelled[]).map((o) => o.uuid) })}>
          以当前选项顺序为正确顺序
        </button>
      </div>,
    );
  }
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

type Product = { uuid: string; title: string; spec?: string; price: number; stock?: number; maxPerPerson?: number; image?: string };
function ProductsField({ subject, commit }: { subject: TSubject; commit: TCommit<unknown> }) {
  const products = (subject as unknown as { products: Product[] }).products;
  const set = (i: number, patch: Partial<Product>) => {
    const next = products.map((p, j) => (j === i ? ({ ...p, ...patch } as Product) : p));
    for (const p of next) for (const k of Object.keys(p) as (keyof Product)[]) if (p[k] === undefined) delete p[k];
    return commit(next);
  };
  return (
    <div className={styles.listField}>
      {products.map((p, i) => (
        <div key={p.uuid} className={styles.listItem}>
          <div className={styles.listItemHead}>
            <strong>商品 {i + 1}</strong>
            <button
              type="button"
              className={styles.iconButton}
              disabled={products.length <= 1}
              onClick={() => commit(products.filter((_, j) => j !== i))}
              aria-label={`删除商品${i + 1}`}
            >
              <Trash2 size={14} aria-hidden />
            </button>
          </div>
          <TextField label="名称" value={p.title} onCommit={(v) => set(i, { title: v ?? '' })} />
          <TextField label="规格" value={p.spec} onCommit={(v) => set(i, { spec: v })} />
          <NumberField label="价格" suffix="元" scale={100} value={p.price} onCommit={(v) => set(i, { price: Math.round(v ?? 0) })} />
          <NumberField label="库存" optional value={p.stock} onCommit={(v) => set(i, { stock: v })} />
          <NumberField label="每人限购" optional value={p.maxPerPerson} onCommit={(v) => set(i, { maxPerPerson: v })} />
          <ImageField label="商品图片" value={p.image} onCommit={(v) => set(i, { image: v })} />
        </div>
      ))}
      <button
        type="button"
        className={styles.addButton}
        onClick={() => commit([...products, { uuid: newId(), title: `商品${products.length + 1}`, price: 100 }])}
      >
        <Plus size={14} aria-hidden />
        添加商品
      </button>
    </div>
  );
}

type Slot = { uuid: string; start: string; end: string; capacity?: number };
function SlotsField({ subject, commit }: { subject: TSubject; commit: (key: string) => TCommit<unknown> }) {
  const s = subject as unknown as { weeks: number[]; times: Slot[] };
  const setTime = (i: number, patch: Partial<Slot>) => commit('times')(s.times.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  return (
    <>
      <div className={styles.field}>
        <span className={styles.label}>可预约的星期</span>
        <div className={styles.weekdays}>
          {['一', '二', '三', '四', '五', '六', '日'].map((d, i) => (
            <label key={d} className={styles.weekday}>
              <input
                type="checkbox"
                checked={s.weeks.includes(i + 1)}
                onChange={(event) => commit('weeks')(event.target.checked ? [...s.weeks, i + 1].sort() : s.weeks.filter((w) => w !== i + 1))}
              />
              周{d}
            </label>
          ))}
        </div>
      </div>
      <div className={styles.listField}>
        <span className={styles.label}>预约时段</span>
        {s.times.map((t, i) => (
          <div key={t.uuid} className={styles.slotRow}>
            <DateTimeField mode="time" className={styles.input} value={t.start} label={`时段${i + 1}开始`} onChange={(start) => setTime(i, { start })} />
            <span>–</span>
            <DateTimeField mode="time" className={styles.input} value={t.end} label={`时段${i + 1}结束`} onChange={(end) => setTime(i, { end })} />
            <button
              type="button"
              className={styles.iconButton}
              disabled={s.times.length <= 1}
              onClick={() => commit('times')(s.times.filter((_, j) => j !== i))}
              aria-label={`删除时段${i + 1}`}
            >
              <Trash2 size={14} aria-hidden />
            </button>
          </div>
        ))}
        <button type="button" className={styles.addButton} onClick={() => commit('times')([...s.times, { uuid: newId(), start: '18:00', end: '19:00' }])}>
          <Plus size={14} aria-hidden />
          添加时段
        </button>
      </div>
    </>
  );
}

function Overview() {
  const doc = useEditor((s) => s.context.document);
  const noun = useKindNoun();
  const pages = doc.subjects.filter((s) => s.subjectType === 16).length + 1;
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
  if (!subject) return <Overview />;
  const entry = subjectEntry(subject.subjectType);
  const commit =
    (key: string): TCommit<unknown> =>
    (value) =>
      api.patchSubject(subject.uuid, { [key]: value });
  const Icon = typeIcon(subject.subjectType);
  const fields = [...genericFields(subject, exam, commit), ...handFields(subject, exam, commit, (patch) => api.patchSubject(subject.uuid, patch))];
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
          <CheckField label="必答" checked={subject.required} onCommit={(v) => api.setRequired([subject.uuid], v)} />
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
      {subject.subjectType === 16 && !exam ? (
        <Section title="分页">
          <p className={styles.hint}>分页符之后的题目将显示在新的一页。考试项目可为每页设置限时。</p>
        </Section>
      ) : null}
    </div>
  );
}
