import type { TRequestOf, TResponseOf } from '../../schemas/api/contract';
import type { SOURCES, writeCalls } from '../../schemas/api/write';

/** data of active/write/getQuestion: one project as a respondent sees it (its contract's answer). */
export type TAnswerForm = TResponseOf<typeof writeCalls.getQuestion>;

/** What the respondent page needs of a project's collection settings (getQuestion `settings`). */
export type TAnswerSettings = TAnswerForm['settings'];

/** The body of active/write/submit. */
export type TSubmitBody = TRequestOf<typeof writeCalls.submit>;

export type TSource = (typeof SOURCES)[number];
