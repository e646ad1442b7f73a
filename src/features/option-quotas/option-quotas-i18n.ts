import { addMessages } from '../../i18n';
import { optionQuotasEn } from './option-quotas-messages.en';
import { optionQuotasZhCN } from './option-quotas-messages.zh-CN';

export const OPTION_QUOTAS_NS = 'optionQuotas';
addMessages(OPTION_QUOTAS_NS, { 'zh-CN': optionQuotasZhCN, en: optionQuotasEn });
