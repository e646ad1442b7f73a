import { addMessages } from '../../i18n';
import { answersEn } from './answers-messages.en';
import { answersZhCN } from './answers-messages.zh-CN';

export const ANSWERS_NS = 'answers';
addMessages(ANSWERS_NS, { 'zh-CN': answersZhCN, en: answersEn });
