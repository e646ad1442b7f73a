/**
 * The error vocabulary lives in server/services/errors.ts. This re-export remains only for the files helper 45a
 * owns while issue 45 is split (submit/*, vote/ballot.service.ts, pay/order-pay.service.ts); it goes when they
 * import from services/errors.
 */
export { AppError, badInput, conflict, forbidden, notFound, tooMany, unauthorized } from '../services/errors';
