import { appletCalls } from '../../schemas/api/applet';
import { call } from './client';

/** 小程序码 (issue 49): the project's mini-program code and link; quiet, the share card says a refusal itself. */
export const getQuestionCode = (questionId: string) => call(appletCalls.getQuestionCode, { questionId }, { quiet: true });
