import { addMessages } from '../../i18n';
import { releaseEn } from './release-messages.en';
import { releaseZhCN } from './release-messages.zh-CN';

export const RELEASE_NS = 'release';
addMessages(RELEASE_NS, { 'zh-CN': releaseZhCN, en: releaseEn });
