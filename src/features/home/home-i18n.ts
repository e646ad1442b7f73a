import { addMessages } from '../../i18n';
import { homeEn } from './home-messages.en';
import { homeZhCN } from './home-messages.zh-CN';

/** The home and landing copy travels with the home chunk, not the main bundle. */
export const HOME_NS = 'home';
addMessages(HOME_NS, { 'zh-CN': homeZhCN, en: homeEn });
