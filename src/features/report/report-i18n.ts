import { addMessages } from '../../i18n';
import { reportEn } from './report-messages.en';
import { reportZhCN } from './report-messages.zh-CN';

export const REPORT_NS = 'report';
addMessages(REPORT_NS, { 'zh-CN': reportZhCN, en: reportEn });
