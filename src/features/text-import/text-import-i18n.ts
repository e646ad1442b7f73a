import { addMessages } from '../../i18n';
import { textImportEn } from './text-import-messages.en';
import { textImportZhCN } from './text-import-messages.zh-CN';

export const TEXT_IMPORT_NS = 'textImport';
addMessages(TEXT_IMPORT_NS, { 'zh-CN': textImportZhCN, en: textImportEn });
