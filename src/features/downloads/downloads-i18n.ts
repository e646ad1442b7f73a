import { addMessages } from '../../i18n';
import { downloadsEn } from './downloads-messages.en';
import { downloadsZhCN } from './downloads-messages.zh-CN';

export const DOWNLOADS_NS = 'downloads';
addMessages(DOWNLOADS_NS, { 'zh-CN': downloadsZhCN, en: downloadsEn });
