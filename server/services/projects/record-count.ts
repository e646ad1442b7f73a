import { QUESTION_TYPE, SOLITAIRE_TYPE } from '../../../schemas/project-kinds';
import { ANSWER_COUNT_SQL } from '../answers/answer-store.service';

const SOLITAIRE = (type: number) => `p.question_type = ${QUESTION_TYPE.solitaire} AND p.solitaire_type = ${type}`;

/**
 * A project's own records as SQL over the projects row aliased `p` (schemas/project-kinds.ts recordKindOf, issue 43
 * item 1): a sign-up chain's live entries (joined or waiting), a check-in's check-ins, a payment page's or
 * group-buy's orders, an appointment project's bookings, else its answers. Each branch reads its table by an index
 * that starts with project_id, and CASE runs only the branch that matches.
 */
export const RECORD_COUNT_SQL = `(CASE
  WHEN ${SOLITAIRE(SOLITAIRE_TYPE.signUp)} THEN (SELECT count(*) FROM chain_entries e WHERE e.project_id = p.id AND e.state IN ('joined', 'waitlisted'))
  WHEN ${SOLITAIRE(SOLITAIRE_TYPE.checkIn)} THEN (SELECT count(*) FROM checkin_records r WHERE r.project_id = p.id)
  WHEN p.question_type = ${QUESTION_TYPE.online} OR ${SOLITAIRE(SOLITAIRE_TYPE.groupBuy)} THEN (SELECT count(*) FROM orders o WHERE o.project_id = p.id)
  WHEN p.question_type = ${QUESTION_TYPE.appoint} THEN (SELECT count(*) FROM appointment_bookings b WHERE b.project_id = p.id)
  ELSE ${ANSWER_COUNT_SQL} END)::int`;
