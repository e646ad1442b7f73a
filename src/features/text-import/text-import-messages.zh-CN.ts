/** /textImport.html (namespace "textImport"). */
export const textImportZhCN = {
  title: '文本导入',
  subtitle: '把 Word、记事本或其他平台的题目粘贴到左侧，右侧实时预览识别结果，确认后一键生成。',
  kind: '项目类型',
  projectTitle: '标题',
  projectTitlePlaceholder: '默认使用文本第一行的标题',
  untitled: '未命名{{kind}}',
  generate: '生成{{kind}}',
  generating: '正在生成…',
  source: '题目文本',
  sourcePlaceholder:
    '在这里粘贴题目，例如：\n\n员工满意度调查\n1. 您的性别？\nA. 男\nB. 女\n2. 您喜欢哪些团建活动？[多选]\n户外拓展\n聚餐\n3. 您对公司有什么建议？[简答]',
  sample: '填入示例',
  clear: '清空',
  lines: '{{count}} 行',
  tipsTitle: '识别规则',
  tips: [
    '题目以序号开头（1. 1、 Q1），选项以 A. B. 或另起一行书写',
    '在题目后加 [多选] [填空] [简答] [判断] [量表] [评分] 等标记指定题型',
    '加 [必答] 或 * 标记必答题，[段落] 插入说明，[分页] 插入分页',
  ],
  preview: '识别结果',
  found: '识别到 {{count}} 道题',
  emptyPreview: '在左侧粘贴题目，这里会实时显示识别结果',
  warnings: '{{count}} 条提示',
  warningLine: '第 {{line}} 行',
  warningGeneral: '全文',
  required: '必答',
  pageBreak: '分页',
  noSubjects: '还没有识别到题目',
  sampleText:
    '2025 年员工满意度调查\n感谢您抽出时间参与本次调查，问卷匿名填写。\n\n1. 您在公司工作了多长时间？[单选]\nA. 不到 1 年\nB. 1-3 年\nC. 3-5 年\nD. 5 年以上\n\n2. 您最看重公司的哪些方面？[多选，最多选3项]\n薪酬福利\n职业发展\n团队氛围\n工作环境\n其他\n\n3. 您对目前工作的整体满意度 [量表]\n\n[分页]\n\n4. 您的手机号 [手机号][选填]\n\n5. 您对公司有什么建议？[简答]',
};

export type TTextImportMessages = typeof textImportZhCN;
