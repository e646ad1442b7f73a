import { PROJECT_STATUS, solitaireKindOf } from '../../../schemas/project-kinds';
import { PUBLISH_NEEDS_SUBJECTS, publishMissingMessage } from '../../../schemas/api/editor';
import { ZLogic } from '../../../schemas/logic/ast';
import { blocksPublishing, checkLogic } from '../../../schemas/logic/checker';
import type { Query } from '../../db/client';
import { AppError, badInput, conflict } from '../errors';
import type { TRefusalReason } from '../../../schemas/refusals';
import type { ProjectRow } from '../../db/rows';
import { missingEssentials } from './publish-essentials.service';
import { countQuestions, listSubjects } from './subjects.service';
import { ORDER_MESSAGES } from '../../../schemas/order/order-states';
import { SUBJECT_TYPE } from '../../../schemas/subjects/subject-types';
import type { TSubject } from '../../../schemas/subjects/registry';
import type { TProductSubject } from '../../../schemas/subjects/types/product';

/** A project that sells something (a product with a price): its submits make orders to pay. */
const sellsSomething = (subjects: readonly TSubject[]) =>
  subjects.some((s) => s.subjectType === SUBJECT_TYPE.product && (s as TProductSubject).products.some((p) => p.price > 0));

/** What publishing needs to know of the server: whether anyone takes payments (PAY_PROVIDER, issue 42), and the time. */
export interface PublishContext {
  payments: boolean;
  now: Date;
}

/**
 * Publishing needs at least one question (except a kind whose page asks its own fields, SOLITAIRE_KINDS), the
 * kind's essentials (publish-essentials.service.ts: all missing ones named at once), no logic error standing (the
 * editor's checker, run again here), and, for a project that sells something, a payment provider: without one its
 * buyers could order but never pay.
 */
export async function checkPublishable(query: Query, project: ProjectRow, context: PublishContext): Promise<void> {
  const subjects = await listSubjects(query, project.id);
  const ownFields = solitaireKindOf(project.question_type, project.solitaire_type)?.asksQuestions === false;
  if (!ownFields && !countQuestions(subjects)) throw badInput(PUBLISH_NEEDS_SUBJECTS);
  const missing = await missingEssentials(query, project, subjects, context.now);
  if (missing.length) throw new AppError('400', publishMissingMessage(missing), { reason: 'notReady' satisfies TRefusalReason, missing });
  if (!context.payments && sellsSomething(subjects)) throw conflict(ORDER_MESSAGES.publishNeedsProvider);
  const logic = ZLogic.safeParse(project.logic ?? {});
  const findings = logic.success ? checkLogic(subjects, logic.data) : [];
  if (blocksPublishing(findings)) {
    const first = findings.find((f) => f.severity === 'error')!;
    throw badInput(`逻辑设置有错误，请修改后再发布：${first.message}`);
  }
}

/**
 * Publish (1) or pause (0), spec §4 lifecycle: publishing is checked first; the editor pauses before edits. The
 * first publication is kept (published_at): a project never published is 尚未发布 to its visitors, not 已暂停.
 */
export async function setProjectStatus(query: Query, project: ProjectRow, status: 0 | 1, userId: number, context: PublishContext): Promise<void> {
  if (status === PROJECT_STATUS.published) await checkPublishable(query, project, context);
  await query(
    `UPDATE projects SET status = $2, updated_at = now(), updated_by = $3,
       published_at = CASE WHEN $2 = ${PROJECT_STATUS.published} THEN COALESCE(published_at, $4) ELSE published_at END
     WHERE id = $1`,
    [project.id, status, userId, context.now],
  );
}
