import { isMobile, normalizePhone } from '../../../schemas/phone';
import { sanitizePlainText } from '../../../schemas/rich-text/sanitize-project';
import { WHITE_MAX_BATCH } from '../../../schemas/api/vote-extras-models';
import type { Database, Query } from '../../db/client';
import { badInput } from '../errors';
import type { AuthUser } from '../access/sessions.service';
import { VOTE_MESSAGES } from '../../../schemas/vote/vote-messages';
import { managedVote, patchRules, rulesOf, type VoteRef } from './vote-access';
import { col, defineSql } from '../../db/sql';

/**
 * The whitelist of a vote (activity/vote/white/*) on core's vote_whitelist table: a voter is named by a mobile
 * number (normalised to 11 digits, the key the ballot checks) and an optional name. Whether the vote follows the
 * list is the rule `whitelist` of the vote's settings, which core's ballot reads; it needs identity login or sms.
 */
interface Entry {
  phone: string;
  name: string;
  created_at: Date;
  total?: string | number;
}
const view = (r: Entry) => ({ whiteId: r.phone, phone: r.phone, name: r.name || null, createTime: new Date(r.created_at).toISOString() });

const countOfSql = defineSql('vote-white.countOf', { n: col.bigint }, 'SELECT count(*) AS n FROM vote_whitelist WHERE vote_id = $1');

async function countOf(query: Query, voteId: number): Promise<number> {
  return Number((await countOfSql.run(query, [voteId]))[0]?.n ?? 0);
}

async function settingOf(query: Query, vote: VoteRef) {
  const rules = rulesOf(vote);
  return { whiteOpen: rules.whitelist, whiteTip: VOTE_MESSAGES.notWhitelisted, total: await countOf(query, vote.id), identity: rules.identity };
}

export async function whiteSetting(query: Query, user: AuthUser | null, voteId: string) {
  return settingOf(query, await managedVote(query, user, voteId, 'read'));
}

/** Turn the whitelist on or off (power 1 or 2), the vote's row locked so the checks hold for the write. */
export async function updateWhiteSetting(database: Database, user: AuthUser | null, body: { voteId: string; whiteOpen: boolean }) {
  return database.transaction(async (query) => {
    const vote = await managedVote(query, user, body.voteId, 'edit', true);
    if (body.whiteOpen && rulesOf(vote).identity === 'none') throw badInput('开启白名单需要先在投票规则中选择“登录”或“手机验证”投票身份', 'whiteOpen');
    if (body.whiteOpen && (await countOf(query, vote.id)) === 0) throw badInput('请先添加白名单，再开启', 'whiteOpen');
    await patchRules(query, vote.id, { whitelist: body.whiteOpen });
    return settingOf(query, { ...vote, settings: { ...vote.settings, whitelist: body.whiteOpen } });
  });
}

export async function whiteList(query: Query, user: AuthUser | null, voteId: string) {
  const vote = await managedVote(query, user, voteId, 'read');
  const rows = await query<Entry>('SELECT phone, name, created_at FROM vote_whitelist WHERE vote_id = $1 ORDER BY id DESC LIMIT $2', [
    vote.id,
    WHITE_MAX_BATCH,
  ]);
  return rows.map(view);
}

export async function whitePage(query: Query, user: AuthUser | null, body: { voteId: string; keyword?: string; page: number; pageSize: number }) {
  const vote = await managedVote(query, user, body.voteId, 'read');
  const like = body.keyword ? `%${body.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await query<Entry>(
    `SELECT phone, name, created_at, count(*) OVER () AS total FROM vote_whitelist
     WHERE vote_id = $1 AND ($2::text IS NULL OR phone LIKE $2 OR name LIKE $2) ORDER BY id DESC LIMIT $3 OFFSET $4`,
    [vote.id, like, body.pageSize, (body.page - 1) * body.pageSize],
  );
  return { list: rows.map(view), total: Number(rows[0]?.total ?? 0) };
}

/** A pasted line: a mobile number (spaces, dashes, +86 and full-width digits allowed) and optionally a name, in either order. */
export function parseWhiteLine(line: string): { phone: string; name: string } | null {
  const ascii = line.replace(/[\uFF10-\uFF19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/\uFF0B/g, '+');
  const match = /(?:(?:\+|00)?86)?[\s-]*1(?:[\s-]*\d){10}/.exec(ascii);
  if (!match || !isMobile(match[0])) return null;
  const rest = (ascii.slice(0, match.index) + ' ' + ascii.slice(match.index + match[0].length)).replace(/[,，;；\t|]+/g, ' ').trim();
  return { phone: normalizePhone(match[0]), name: sanitizePlainText(rest).replace(/\s+/g, ' ').slice(0, 30) };
}

/**
 * Add pasted voters (power 1 or 2). Lines without a mobile number are reported, not stored (the ballot checks
 * the phone). One INSERT … ON CONFLICT DO NOTHING: a number already listed, or repeated in the paste, counts once.
 */
export async function batchAddWhite(database: Database, user: AuthUser | null, body: { voteId: string; text: string }) {
  const lines = body.text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (!lines.length) throw badInput('请粘贴手机号，每行一个', 'text');
  if (lines.length > WHITE_MAX_BATCH) throw badInput(`一次最多添加${WHITE_MAX_BATCH}行`, 'text');
  const parsed = lines.map((line) => ({ line, entry: parseWhiteLine(line) }));
  const invalid = parsed.filter((p) => !p.entry).map((p) => p.line.slice(0, 40));
  const entries = parsed.flatMap((p) => (p.entry ? [p.entry] : []));
  return database.transaction(async (query) => {
    const vote = await managedVote(query, user, body.voteId, 'edit');
    const added = entries.length
      ? await query(
          `INSERT INTO vote_whitelist (vote_id, phone, name)
           SELECT $1, x->>'phone', x->>'name' FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(x, i) ORDER BY i
           ON CONFLICT (vote_id, phone) DO NOTHING RETURNING id`,
          [vote.id, JSON.stringify(entries)],
        )
      : [];
    return { added: added.length, duplicates: entries.length - added.length, invalid: invalid.slice(0, 20), total: await countOf(query, vote.id) };
  });
}

/** Remove voters by their numbers, or the whole list (power 1 or 2). */
export async function batchDelWhite(query: Query, user: AuthUser | null, body: { voteId: string; whiteIds?: string[]; all?: true }) {
  const vote = await managedVote(query, user, body.voteId, 'edit');
  const rows = body.all
    ? await query('DELETE FROM vote_whitelist WHERE vote_id = $1 RETURNING id', [vote.id])
    : await query('DELETE FROM vote_whitelist WHERE vote_id = $1 AND phone = ANY($2::text[]) RETURNING id', [vote.id, body.whiteIds!.map(normalizePhone)]);
  return { deleted: rows.length };
}
