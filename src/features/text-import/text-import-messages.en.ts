import type { TTextImportMessages } from './text-import-messages.zh-CN';

export const textImportEn: TTextImportMessages = {
  title: 'Import text',
  subtitle: 'Paste questions from Word, a text file or another site on the left; the preview on the right updates as you type.',
  kind: 'Project type',
  projectTitle: 'Title',
  projectTitlePlaceholder: 'The first line of the text by default',
  untitled: 'Untitled {{kind}}',
  generate: 'Create {{kind}}',
  generating: 'Creating…',
  source: 'Question text',
  sourcePlaceholder:
    'Paste questions here, for example:\n\nStaff survey\n1. Your gender?\nA. Male\nB. Female\n2. Which team activities do you like? [多选]\nHiking\nDinner\n3. Any suggestions? [简答]',
  sample: 'Insert a sample',
  clear: 'Clear',
  lines: '{{count}} lines',
  tipsTitle: 'How text is read',
  tips: [
    'Questions start with a number (1. 1、 Q1); options with A. B. or on lines of their own',
    'Add markers such as [多选] [填空] [简答] [判断] [量表] [评分] after a question to set its type',
    'Mark required questions with [必答] or *; [段落] inserts a description, [分页] a page break',
  ],
  preview: 'Preview',
  found: '{{count}} questions found',
  emptyPreview: 'Paste questions on the left to see them here',
  warnings: '{{count}} notes',
  warningLine: 'Line {{line}}',
  warningGeneral: 'Text',
  required: 'Required',
  pageBreak: 'Page break',
  noSubjects: 'No questions recognised yet',
  sampleText: textImportSample(),
};

function textImportSample(): string {
  // The parser reads Chinese questionnaires; the sample stays Chinese in every language.
  return '2025 年员工满意度调查\n感谢您抽出时间参与本次调查，问卷匿名填写。\n\n1. 您在公司工作了多长时间？[单选]\nA. 不到 1 年\nB. 1-3 年\nC. 3-5 年\nD. 5 年以上\n\n2. 您最看重公司的哪些方面？[多选，最多选3项]\n薪酬福利\n职业发展\n团队氛围\n工作环境\n其他\n\n3. 您对目前工作的整体满意度 [量表]\n\n[分页]\n\n4. 您的手机号 [手机号][选填]\n\n5. 您对公司有什么建议？[简答]';
}
