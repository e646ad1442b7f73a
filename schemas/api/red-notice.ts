import { z } from 'zod';
import { RED_NOTICE_STATES } from '../red-envelope/rules';

/**
 * The red envelope's word to a respondent, carried by the submit's result and the ballot's (present only while the
 * project or vote has an envelope running): qualified and waiting for review, not qualified, or none left.
 */
export const ZRedNotice = z.object({ state: z.enum(RED_NOTICE_STATES), message: z.string() });
export type TRedNotice = z.infer<typeof ZRedNotice>;
