import { addMessages } from '../../i18n';
import { projectsEn } from './projects-messages.en';
import { projectsZhCN } from './projects-messages.zh-CN';

/** The project screens' copy travels with their chunk. */
export const PROJECTS_NS = 'projects';
addMessages(PROJECTS_NS, { 'zh-CN': projectsZhCN, en: projectsEn });
