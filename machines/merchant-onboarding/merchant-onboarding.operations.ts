import { produce } from 'immer';
import type { TApplymentState } from '../../schemas/merchant/constants';
import { MAX_UBO, type TStepKey } from '../../schemas/merchant/constants';
import { emptyDraft, emptyUbo, type TMerchantDraft } from '../../schemas/merchant/draft';
import { stepOfPath, stepProblems, visibleSteps, draftProblems, type TProblems } from '../../schemas/merchant/rules';
import type { TApplicationStatus, TFieldValue } from './merchant-onboarding.types';

export { messageOf } from '../shared/error-message';

/** Pure edits of the merchant draft and step; the machine's actions only call these. */

/** Fields whose value is stale once another field changes (a branch belongs to one bank in one city). */
const DEPENDENTS: Record<string, string[]> = {
  'account_info.bank_alias_code': ['account_info.bank_branch_id', 'account_info.bank_name'],
  'account_info.bank_address_code': ['account_info.bank_branch_id', 'account_info.bank_name'],
  'settlement_info.settlement_id': ['settlement_info.qualification_type'],
};

type TNode = Record<string, unknown> | unknown[];

/** The value's type must match what is there: a path never adds keys or changes a field's kind. */
function sameKind(current: unknown, value: TFieldValue): boolean {
  if (Array.isArray(current)) return Array.isArray(value) && value.every((item) => typeof item === 'string');
  return typeof current === typeof value;
}

function writePath(root: TMerchantDraft, path: string, value: TFieldValue): void {
  const keys = path.split('.');
  let node: unknown = root;
  for (const key of keys.slice(0, -1)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return;
    node = (node as Record<string, unknown>)[key];
  }
  const last = keys[keys.length - 1]!;
  if (node === null || typeof node !== 'object' || !Object.hasOwn(node, last)) return;
  if (!sameKind((node as Record<string, unknown>)[last], value)) return;
  (node as TNode as Record<string, unknown>)[last] = Array.isArray(value) ? [...value] : value;
}

/** Set one field by its draft path (e.g. `ubo_info_list.0.ubo_id_doc_name`); unknown paths change nothing. */
export const setField = (draft: TMerchantDraft, path: string, value: TFieldValue): TMerchantDraft =>
  produce(draft, (next) => {
    const before = JSON.stringify(readPath(next, path));
    writePath(next, path, value);
    if (JSON.stringify(readPath(next, path)) === before) return;
    for (const dependent of DEPENDENTS[path] ?? []) writePath(next, dependent, '');
  });

export function readPath(draft: TMerchantDraft, path: string): unknown {
  let node: unknown = draft;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A field's message goes once the field changes; so does a list-level one (e.g. "add an owner"). */
export function clearError(errors: TProblems, path: string): TProblems {
  const next = { ...errors };
  delete next[path];
  const list = path.split('.')[0]!;
  if (list === 'ubo_info_list') delete next[list];
  if (path.startsWith('finance_institution_info.finance_license_pics')) delete next['finance_institution_info.finance_license_pics'];
  for (const dependent of DEPENDENTS[path] ?? []) delete next[dependent];
  return next;
}

export const canAddUbo = (draft: TMerchantDraft) => draft.ubo_info_list.length < MAX_UBO;
export const addUbo = (draft: TMerchantDraft): TMerchantDraft =>
  produce(draft, (next) => {
    if (canAddUbo(next)) next.ubo_info_list.push(emptyUbo());
  });
export const removeUbo = (draft: TMerchantDraft, index: number): TMerchantDraft =>
  produce(draft, (next) => {
    if (index >= 0 && index < next.ubo_info_list.length) next.ubo_info_list.splice(index, 1);
  });

/** Spec §4: reset keeps only out_request_no. */
export const resetDraft = (draft: TMerchantDraft): TMerchantDraft => ({ ...emptyDraft(), out_request_no: draft.out_request_no });
/** Spec §4: clear removes everything (the step goes back to 1 beside it). */
export const clearDraft = (): TMerchantDraft => emptyDraft();

export const stepCount = (draft: TMerchantDraft) => visibleSteps(draft).length;
/** The step shown at a position; a stale stored position falls back to the last step. */
export function stepKeyAt(draft: TMerchantDraft, step: number): TStepKey {
  const steps = visibleSteps(draft);
  return steps[Math.min(Math.max(step, 1), steps.length) - 1]!;
}
export function stepNumberOf(draft: TMerchantDraft, key: TStepKey): number {
  const index = visibleSteps(draft).indexOf(key);
  return index < 0 ? 1 : index + 1;
}
export const clampStep = (draft: TMerchantDraft, step: number): number => (Number.isInteger(step) ? Math.min(Math.max(step, 1), stepCount(draft)) : 1);

export const currentProblems = (draft: TMerchantDraft, step: number): TProblems => stepProblems(draft, stepKeyAt(draft, step));
export const isLastStep = (draft: TMerchantDraft, step: number) => step >= stepCount(draft);

/** The first step with a problem and that step's messages, or null when the whole draft may be submitted. */
export function firstProblemStep(draft: TMerchantDraft): { step: number; errors: TProblems } | null {
  const problems = draftProblems(draft);
  if (!problems.length) return null;
  const key = problems[0]!.step;
  return { step: stepNumberOf(draft, key), errors: stepProblems(draft, key) };
}

/** What a failed submit says: "400" messages read `path: 说明`, with the path in `data.field`. */
export function serverProblem(error: unknown): { path: string; message: string } | null {
  const data = error && typeof error === 'object' && 'data' in error ? (error as { data: unknown }).data : null;
  const field = data && typeof data === 'object' && 'field' in data ? (data as { field: unknown }).field : null;
  if (typeof field !== 'string' || !stepOfPath(field)) return null;
  const message = error instanceof Error ? error.message : '';
  return { path: field, message: message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message };
}

/** The state an actor's answer reports (a load answers `{application}`, a check the detail itself). */
export function stateOf(output: unknown): TApplymentState | null {
  if (!output || typeof output !== 'object') return null;
  if ('applyment_state' in output) return (output as { applyment_state: TApplymentState }).applyment_state;
  if ('application' in output) return stateOf((output as { application: unknown }).application);
  return null;
}

/**
 * "去修改" after a rejection: the browser's draft when it still has one, else the submitted application;
 * the form opens on the step the first reason names, with field reasons shown on their fields.
 */
export function editRejected(draft: TMerchantDraft, application: TApplicationStatus | null): { draft: TMerchantDraft; step: number; errors: TProblems } {
  const base = draft.business_license_info.organization_type || !application?.application ? draft : { ...application.application };
  const next = { ...base, out_request_no: application?.out_request_no ?? base.out_request_no };
  const reasons = application?.reject_reasons ?? [];
  const visible = visibleSteps(next);
  const first = reasons.find((reason) => visible.includes(reason.step));
  const errors: TProblems = {};
  for (const reason of reasons) if (reason.field && stepOfPath(reason.field)) errors[reason.field] = reason.reason;
  return { draft: next, step: first ? stepNumberOf(next, first.step) : 1, errors };
}
