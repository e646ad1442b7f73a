import { addMessages } from '../../i18n';

/** The report's export menu (namespace "report-export"), kept apart from the statistics' messages. */
export const EXPORT_NS = 'report-export';

const zhCN = {
  button: '导出数据',
  busy: '正在导出…',
  bySubject: 'Excel（按题目）',
  byOption: 'Excel（按选项）',
  csv: 'CSV 文件',
  pdf: 'PDF 统计报告',
  zip: '附件打包（zip）',
  zipNone: '附件打包（本项目没有文件题）',
  myDownloads: '我的下载',
  started: '已开始下载',
  queued: '已加入导出队列',
  queuedDesc: '文件生成后可在“我的下载”中下载',
  large: '答卷较多，已转为后台导出',
  view: '查看',
  analysis: '统计分析',
  sav: 'SPSS (.sav)',
  savHint: '含变量标签与值标签，可直接用 SPSS 打开',
  longcsv: '长格式 CSV（R / pandas）',
  longcsvHint: '每行一条：答卷 × 题目 × 取值',
  codebook: '数据字典',
  codebookHint: '变量名、标签、类型与取值含义',
};

const en: typeof zhCN = {
  button: 'Export',
  busy: 'Exporting…',
  bySubject: 'Excel (by question)',
  byOption: 'Excel (by option)',
  csv: 'CSV file',
  pdf: 'PDF report',
  zip: 'Attachments (zip)',
  zipNone: 'Attachments (no file questions)',
  myDownloads: 'My downloads',
  started: 'Download started',
  queued: 'Export queued',
  queuedDesc: 'Download it from “My downloads” when it is ready',
  large: 'Many responses: exporting in the background',
  view: 'View',
  analysis: 'Analysis',
  sav: 'SPSS (.sav)',
  savHint: 'Variable and value labels, opens in SPSS',
  longcsv: 'Long CSV (R / pandas)',
  longcsvHint: 'One row per response × question × value',
  codebook: 'Codebook',
  codebookHint: 'Variables, labels, types and value meanings',
};

addMessages(EXPORT_NS, { 'zh-CN': zhCN, en });
