import { QUERY_LIMITS, QUERY_MESSAGES, type TQueriedSheet, type TQueryForm, type TQueryRequest, type TQueryResult } from '../../../schemas/api/result-query';
import { ZProjectSettings } from '../../../schemas/api/settings';
import type { TBrandId } from '../../../schemas/brands';
import { plainTitle, querySubjects } from '../../../schemas/result-query';
import { isMobile, normalizeMobile } from '../../../schemas/subjects/text-rules';
import type { Query } from '../../db/client';
import type { ProjectRow } from '../../db/rows';
import { clientKey } from '../access/client-key';
import { hitAll } from '../access/rate-limit.service';
import { checkCode, sendCode, spendCode } from '../access/sms-codes.service';
import type { Deps } from '../deps';
import { badInput, notFound, tooMany } from '../errors';
import { listSubjects } from '../projects/subjects.service';
import { phoneKeyed, type QueryTarget, type SheetKey } from './query-target';
import { chainEntryViews, chainQueryEnabled, isSignUpChain } from './result-query-chain';
import { findSheets, sheetView } from './result-query-sheets';

export async function queryTarget(query: Query, questionId: string): Promise<QueryTarget> {
  const [project] = await query<ProjectRow>('SELECT * FROM projects WHERE public_id = $1 AND deleted_at IS NULL AND NOT is_template', [questionId]);
  if (!project) throw notFound(QUERY_MESSAGES.closed);
  const settings = ZProjectSettings.parse(project.settings ?? {});
  if (isSignUpChain(project)) {
    // A chain's switch is its own setting (chain_settings.query_enabled); its key is always the phone an entry left.
    if (!(await chainQueryEnabled(query, project.id))) throw notFound(QUERY_MESSAGES.closed);
    return { project, settings, subjects: [], key: { chain: true } };
  }
  if (!settings.queryEnabled) throw notFound(QUERY_MESSAGES.closed);
  const subjects = await listSubjects(query, project.id);
  const key = querySubjects(subjects, settings);
  if (!key) throw notFound(QUERY_MESSAGES.closed);
  return { project, settings, subjects, key };
}

/** What the query page asks for: the project's title and the key's labels (never anything of a sheet). */
export function queryForm(target: QueryTarget): TQueryForm {
  const { project, key } = target;
  if (phoneKeyed(key) || !('name' in key)) {
    return {
      questionId: project.public_id,
      title: project.title,
      questionType: project.question_type,
      queryKey: 'phone',
      nameLabel: '手机号',
      fieldLabel: '短信验证码',
    };
  }
  return {
    questionId: project.public_id,
    title: project.title,
    questionType: project.question_type,
    queryKey: 'field',
    nameLabel: plainTitle(key.name.title) || '姓名',
    fieldLabel: plainTitle(key.field.title) || '查询信息',
  };
}

/** Codes of one project's query are their own purpose: a login or answer code never opens a query. */
export const querySmsPurpose = (projectId: number) => `query:${projectId}`;

const phoneOf = (raw: string | undefined): string => {
  const phone = normalizeMobile(raw ?? '');
  if (!isMobile(phone)) throw badInput(QUERY_MESSAGES.phone, 'phone');
  return phone;
};

export async function sendQuerySms(deps: Deps, target: QueryTarget, raw: string, ip: string, brand: TBrandId): Promise<null> {
  if (!phoneKeyed(target.key)) throw badInput(QUERY_MESSAGES.closed);
  await sendCode(deps, { phone: phoneOf(raw), purpose: querySmsPurpose(target.project.id), ip, brand });
  return null;
}

/** Every query counts against the client (per /64 for IPv6) and against the project, wrong keys included. */
async function countQuery(deps: Deps, projectId: number, ip: string): Promise<void> {
  const { perIp, perProject, windowSeconds } = QUERY_LIMITS;
  const refused = await hitAll(deps, [
    { key: `query:ip:${clientKey(ip)}`, limit: perIp, windowSeconds },
    { key: `query:project:${projectId}`, limit: perProject, windowSeconds },
  ]);
  if (refused) throw tooMany(QUERY_MESSAGES.tooMany);
}

/** The phone the caller proved by the project's query code (spent here: each code serves one query). */
async function provenPhone(deps: Deps, projectId: number, body: TQueryRequest): Promise<string> {
  const phone = phoneOf(body.phone);
  if (!/^\d{6}$/.test(body.code ?? '')) throw badInput(QUERY_MESSAGES.code, 'code');
  await spendCode(deps, await checkCode(deps, phone, querySmsPurpose(projectId), body.code!));
  return phone;
}

/** The key's answers to look for, each as stored (trimmed text; a phone normalised), after the SMS code when the key is a phone. */
async function keyAnswers(deps: Deps, target: QueryTarget, key: SheetKey, body: TQueryRequest): Promise<[string, string][]> {
  if ('phone' in key) return [[key.phone.uuid, await provenPhone(deps, target.project.id, body)]];
  const name = (body.name ?? '').trim();
  const value = (body.value ?? '').trim();
  if (!name) throw badInput(QUERY_MESSAGES.name, 'name');
  if (!value) throw badInput(QUERY_MESSAGES.value(plainTitle(key.field.title) || '查询信息'), 'value');
  const stored = key.field.subjectType === 26 ? normalizeMobile(value) : value;
  return [
    [key.name.uuid, name],
    [key.field.uuid, stored],
  ];
}

async function sheetViews(deps: Deps, target: QueryTarget, key: SheetKey, body: TQueryRequest): Promise<TQueriedSheet[]> {
  const sheets = await findSheets(deps.database.query, target.project.id, await keyAnswers(deps, target, key, body));
  const list = [];
  for (const sheet of sheets) list.push(await sheetView(deps.database.query, target, sheet));
  return list;
}

/**
 * The caller's own records by the key, newest first: answer sheets, or a sign-up chain's entries by the phone they
 * left. None and a wrong key both answer "404" 未查询到结果.
 */
export async function queryResult(deps: Deps, target: QueryTarget, body: TQueryRequest, ip: string): Promise<TQueryResult> {
  await countQuery(deps, target.project.id, ip);
  const { key, project } = target;
  const list =
    'chain' in key
      ? await chainEntryViews(deps.database.query, project.id, await provenPhone(deps, project.id, body))
      : await sheetViews(deps, target, key, body);
  if (!list.length) throw notFound(QUERY_MESSAGES.none);
  return { title: project.title, list };
}
