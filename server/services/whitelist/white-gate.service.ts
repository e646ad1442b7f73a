import { WHITE_LIMITS, WHITE_MESSAGES, WHITE_TOKEN_MINUTES, type TWhiteGate, type TWhiteMode } from '../../../schemas/api/whitelist';
import type { TProjectSettings } from '../../../schemas/api/settings';
import type { TBrandId } from '../../../schemas/brands';
import type { TRefusalReason } from '../../../schemas/refusals';
import { isMobile, normalizePhone } from '../../../schemas/phone';
import { codeKey, nameKey } from '../../../schemas/whitelist/white-rules';
import { col, defineSql } from '../../db/sql';
import { answerableProject } from '../access/answer-entry.service';
import { clientKey } from '../access/client-key';
import { hitAll } from '../access/rate-limit.service';
import { checkCode, sendCode, spendCode } from '../access/sms-codes.service';
import { hmac, safeEqual } from '../crypto';
import type { Deps } from '../deps';
import { AppError, badInput, conflict, tooMany } from '../errors';

/**
 * The answering page's 白名单 gate (active/write/sendWhiteSms, checkWhite): the respondent proves an entry of the
 * project's current mode and gets a signed proof token (entry, project, expiry) that getQuestion and submit check;
 * the submit claims the entry in its own transaction (white-claim.ts).
 */
const notListed = (message: string = WHITE_MESSAGES.notListed) => new AppError('403', message, { reason: 'notWhitelisted' satisfies TRefusalReason });

/** How often an entry of this mode answers: an access code once, a phone or name as the project allows. */
export const answersAllowed = (settings: Pick<TProjectSettings, 'whitelistMode' | 'whitelistAnswers'>) =>
  settings.whitelistMode === 'code' ? 1 : settings.whitelistAnswers;

export const whiteSmsPurpose = (projectId: number) => `white:${projectId}`;

const sign = (secret: string, projectId: number, entryId: number, expires: number) => hmac(secret, `whitelist|${projectId}|${entryId}|${expires}`);

export function whiteToken(deps: Deps, projectId: number, entryId: number): { whitelistToken: string; expiresIn: number } {
  const expiresIn = WHITE_TOKEN_MINUTES * 60;
  const expires = deps.now().getTime() + expiresIn * 1000;
  return { whitelistToken: `${entryId}.${expires}.${sign(deps.secret, projectId, entryId, expires)}`, expiresIn };
}

/** The entry a proof token names for this project; a missing, forged, expired or other project's token is refused. */
export function entryOfToken(deps: Deps, projectId: number, token: string | undefined): number {
  if (!token) throw notListed(WHITE_MESSAGES.tokenMissing);
  const [idText, expiresText, signature] = token.split('.');
  const entryId = Number(idText);
  const expires = Number(expiresText);
  const valid =
    Number.isSafeInteger(entryId) &&
    Number.isSafeInteger(expires) &&
    expires > deps.now().getTime() &&
    signature !== undefined &&
    safeEqual(signature, sign(deps.secret, projectId, entryId, expires));
  if (!valid) throw notListed(WHITE_MESSAGES.tokenInvalid);
  return entryId;
}

/** getQuestion: the gate to show while the project is whitelisted and the page holds no valid proof (null: none). */
export function whiteGate(deps: Deps, projectId: number, settings: TProjectSettings, token: string | undefined): TWhiteGate | null {
  if (!settings.whitelistEnabled) return null;
  try {
    entryOfToken(deps, projectId, token);
    return null;
  } catch {
    return { mode: settings.whitelistMode, fieldLabel: settings.whitelistFieldLabel };
  }
}

const findEntrySql = defineSql(
  'white-gate.findEntry',
  { id: col.int, answer_count: col.int, name: col.text },
  'SELECT id, answer_count, name FROM whitelist_entries WHERE project_id = $1 AND mode = $2 AND key = $3',
);

async function whitelisted(deps: Deps, questionId: string, mode?: TWhiteMode) {
  const { project, settings } = await answerableProject(deps.database.query, questionId, deps.now());
  if (!settings.whitelistEnabled) throw conflict(WHITE_MESSAGES.off);
  if (mode && settings.whitelistMode !== mode) throw badInput(WHITE_MESSAGES.otherMode);
  return { project, settings };
}

const phoneOf = (raw: string | undefined): string => {
  const phone = normalizePhone(raw ?? '');
  if (!isMobile(phone)) throw badInput(WHITE_MESSAGES.phone, 'phone');
  return phone;
};

/** sendWhiteSms: a code to a listed phone with answers left only (a stranger's number, or a used one, costs no SMS). */
export async function sendWhiteSms(deps: Deps, body: { questionId: string; phone: string }, ip: string, brand: TBrandId): Promise<null> {
  const { project, settings } = await whitelisted(deps, body.questionId, 'phone');
  const phone = phoneOf(body.phone);
  const [entry] = await findEntrySql.run(deps.database.query, [project.id, 'phone', phone]);
  if (!entry) throw notListed();
  if (entry.answer_count >= answersAllowed(settings)) throw conflict(WHITE_MESSAGES.used);
  await sendCode(deps, { phone, purpose: whiteSmsPurpose(project.id), ip, brand });
  return null;
}

/** Every gate try counts against the client (per /64 for IPv6) and the project: names and codes are not guessed. */
async function countTry(deps: Deps, projectId: number, ip: string): Promise<void> {
  const { perIp, perProject, windowSeconds } = WHITE_LIMITS;
  const refused = await hitAll(deps, [
    { key: `white:ip:${clientKey(ip)}`, limit: perIp, windowSeconds },
    { key: `white:project:${projectId}`, limit: perProject, windowSeconds },
  ]);
  if (refused) throw tooMany(WHITE_MESSAGES.tooMany);
}

interface CheckBody {
  questionId: string;
  phone?: string;
  smsCode?: string;
  name?: string;
  field?: string;
  accessCode?: string;
}

/** The key the caller proves in the project's mode (the phone after its SMS code is checked). */
async function provenKey(deps: Deps, projectId: number, settings: TProjectSettings, body: CheckBody): Promise<string> {
  switch (settings.whitelistMode) {
    case 'phone': {
      const phone = phoneOf(body.phone);
      if (!/^\d{6}$/.test(body.smsCode ?? '')) throw badInput(WHITE_MESSAGES.smsCode, 'smsCode');
      await spendCode(deps, await checkCode(deps, phone, whiteSmsPurpose(projectId), body.smsCode!));
      return phone;
    }
    case 'name': {
      if (!body.name?.trim()) throw badInput(WHITE_MESSAGES.name, 'name');
      if (!body.field?.trim()) throw badInput(WHITE_MESSAGES.field(settings.whitelistFieldLabel), 'field');
      return nameKey(body.name, body.field);
    }
    case 'code': {
      const code = codeKey(body.accessCode ?? '');
      if (!code) throw badInput(WHITE_MESSAGES.accessCode, 'accessCode');
      return code;
    }
  }
}

/** checkWhite: the entry the caller proves, still with answers left → its proof token. */
export async function checkWhite(deps: Deps, body: CheckBody, ip: string) {
  const { project, settings } = await whitelisted(deps, body.questionId);
  await countTry(deps, project.id, ip);
  const key = await provenKey(deps, project.id, settings, body);
  const [entry] = await findEntrySql.run(deps.database.query, [project.id, settings.whitelistMode, key]);
  if (!entry) throw notListed(settings.whitelistMode === 'code' ? WHITE_MESSAGES.codeWrong : WHITE_MESSAGES.notListed);
  if (entry.answer_count >= answersAllowed(settings)) throw conflict(settings.whitelistMode === 'code' ? WHITE_MESSAGES.codeUsed : WHITE_MESSAGES.used);
  return { ...whiteToken(deps, project.id, entry.id), name: entry.name };
}

/** The submit's side: the entry a new sheet of a whitelisted project claims, from its proof token (null: not whitelisted). */
export function whiteOfSubmit(
  deps: Deps,
  projectId: number,
  settings: TProjectSettings,
  token: string | undefined,
): { entryId: number; allowed: number } | null {
  if (!settings.whitelistEnabled) return null;
  return { entryId: entryOfToken(deps, projectId, token), allowed: answersAllowed(settings) };
}
