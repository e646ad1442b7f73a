// Prompt "generate-project", version 1 (issue 52 item 2): how the model is asked to draft a project of one kind.
// A change to the wording is a new version file (generate-project.v2.ts) so a generation's `sources` says which
// prompt wrote it; tests/server/ai/prompts.test.ts checks that every kind's prompt names its types and the shape.
import { AI_KINDS, type TAiKindName } from '../../../../schemas/ai/kinds';
import { modelTypesOf, type TModelTypeName } from '../../../../schemas/ai/model-draft';
import type { AiChatMessage } from '../../../providers/ai/model';

export const id = 'generate-project';
export const version = 1;
/** What a generation records in its sources. */
export const label = `${id}.v${version}`;

/** What each type name needs besides type and title (told to the model). */
const FIELDS: Partial<Record<TModelTypeName, string>> = {
  single: 'options: 选项文字数组（2-8项）',
  multiple: 'options: 选项文字数组（2-8项）',
  dropdown: 'options: 选项文字数组',
  ranking: 'options: 待排序的项目',
  matrix: 'rows: 行标题数组, columns: 列标题数组（可省略，默认满意度五级）',
  matrixScale: 'rows: 评价项目数组',
  multiBlank: 'blanks: 各填空项名称数组',
  product: 'items: [{"name": 商品名称, "price": 单价（元）}]',
  appointment: 'slots: [{"start": "09:00", "end": "12:00"}], weekdays: 可预约的星期（1-7）',
  paragraph: '说明文字，不计入题目',
};

function typeLines(kind: TAiKindName): string {
  return modelTypesOf(kind)
    .map((t) => `- ${t.name}：${t.zh}${FIELDS[t.name] ? `，${FIELDS[t.name]}` : ''}`)
    .join('\n');
}

const KIND_RULES: Record<TAiKindName, string> = {
  question: '这是一份调查问卷：题目客观中立，选项互斥且完整，必要时加入“其他”。',
  exam: '这是一份考试：每道选择题必须给出 correct（正确选项的序号数组，从0开始，单选只有一个）、score（分值）和 analysis（答案解析）；判断题用 single，选项为“正确”“错误”。',
  receivePayment: '这是在线收款：第一题必须是 product（商品题），items 写出收费项目和单价（元），再收集付款人信息。',
  reservation: '这是预约：必须有一道 appointment（预约时段题），写出合理的时段 slots 和 weekdays，再登记预约人信息。',
  registrationForm: '这是报名表单：收集报名所需的个人信息，联系方式用 mobile/email 等专用类型。',
  solitaire: '这是群接龙：题目简短，每人依次填写，一般 2-5 题。',
};

/** The system message: the role, the kind, its allowed types, the JSON shape, zh-CN. */
export function system(kind: TAiKindName): string {
  const info = AI_KINDS[kind];
  return [
    `你是问卷设计专家，为中国用户编写「${info.name}」（${info.summary}）。所有文字使用简体中文。`,
    KIND_RULES[kind],
    '只输出一个 JSON 对象，不要输出任何其他文字或 Markdown。格式：',
    '{"title": "标题（不超过30字）", "subtitle": "一句话说明", "subjects": [{"type": 类型, "title": "题目", "required": true, …}]}',
    `type 只能是以下之一：\n${typeLines(kind)}`,
    '可选字段：description（题目说明）、required（是否必填，默认 true）。',
  ].join('\n');
}

/** The user message: the request and the number of subjects wanted. */
export function user(input: { prompt: string; count: number }): string {
  return `需求：${input.prompt}\n请生成约 ${input.count} 道题目。`;
}

/** After an unusable answer: what was wrong, so the model writes it again. */
export function repair(errors: readonly string[]): string {
  return `上面的 JSON 不符合要求：\n${errors.slice(0, 10).join('\n')}\n请改正后重新输出完整的 JSON 对象，只输出 JSON。`;
}

export function messages(kind: TAiKindName, input: { prompt: string; count: number }): AiChatMessage[] {
  return [
    { role: 'system', content: system(kind) },
    { role: 'user', content: user(input) },
  ];
}
