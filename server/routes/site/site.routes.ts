import type { FastifyInstance } from 'fastify';
import { siteCalls, type TOperator } from '../../../schemas/api/site';
import { defineCall } from '../../http/define-call';
import { assertOperator, feedbackList, handleFeedback } from '../../services/help/feedback-reading.service';

/** Who runs this deployment, as the legal pages name it (OPERATOR_NAME, OPERATOR_CONTACT); their reading of 意见反馈. */
export function siteRoutes(app: FastifyInstance): void {
  defineCall(app, siteCalls.operator, async (): Promise<TOperator> => ({
    name: app.deps.env.OPERATOR_NAME ?? null,
    contact: app.deps.env.OPERATOR_CONTACT ?? null,
  }));
  const { env, database } = app.deps;
  defineCall(app, siteCalls.feedbackList, async (body, { user }) => {
    assertOperator(env, user!);
    return feedbackList(database.query, body);
  });
  defineCall(app, siteCalls.feedbackHandle, async (body, { user }) => {
    assertOperator(env, user!);
    return handleFeedback(database.query, body.feedbackId, user!.id);
  });
}
