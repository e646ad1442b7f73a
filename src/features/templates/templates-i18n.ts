import { addMessages } from '../../i18n';
import { templatesEn } from './templates-messages.en';
import { templatesZhCN } from './templates-messages.zh-CN';

export const TEMPLATES_NS = 'templates';
addMessages(TEMPLATES_NS, { 'zh-CN': templatesZhCN, en: templatesEn });
