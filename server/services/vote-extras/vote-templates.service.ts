import type { z } from 'zod';
import type { ZVoteCaseDetail, ZVoteTemplate, ZVoteTemplateDetail } from '../../../schemas/api/vote-extras-models';
import type { Database, Query } from '../../db/client';
import { notFound } from '../errors';
import { TEMPLATE_OWNER_NAME, TEMPLATE_OWNER_PHONE } from '../../seed/templates/seed-templates';
import { VOTE_CASES, VOTE_TEMPLATE_CATEGORIES, VOTE_TEMPLATES } from '../../seed/vote-templates';
import type { AuthUser } from '../access/sessions.service';
import { publicId } from '../crypto';
import { copyPlayers, takeDailyCreation } from '../vote/vote-activities.service';
import { col, defineSql } from '../../db/sql';

/** The library of vote templates: template votes seeded once per database and version (a `meta` row marks it). */
export const VOTE_TEMPLATES_MARKER = 'seed:vote-templates:v2';

const html = (lines: readonly string[]) => lines.map((l) => `<p>${l}</p>`).join('');

const seedVoteTemplatesSql = defineSql(
  'vote-templates.seedVoteTemplates',
  { id: col.int },
  `INSERT INTO users (public_id, phone, username, password_hash) VALUES ($1, $2, $3, NULL)
       ON CONFLICT (phone) DO UPDATE SET username = EXCLUDED.username RETURNING id`,
);
const seedVoteTemplatesSql2 = defineSql(
  'vote-templates.seedVoteTemplates2',
  { id: col.int },
  `INSERT INTO vote_activities (public_id, owner_id, title, cover_images, description, settings, is_template, player_seq)
         VALUES ($1, $2, $3, $4::jsonb, $5, $6::jsonb, true, $7) RETURNING id`,
);
const seedVoteTemplatesSql3 = defineSql(
  'vote-templates.seedVoteTemplates3',
  { id: col.int },
  'INSERT INTO vote_player_types (vote_id, name, sort) VALUES ($1, $2, $3) RETURNING id',
);

export async function seedVoteTemplates(database: Database): Promise<boolean> {
  return database.transaction(async (query) => {
    const claimed = await query(`INSERT INTO meta (key, value) VALUES ($1, '1') ON CONFLICT (key) DO NOTHING RETURNING key`, [VOTE_TEMPLATES_MARKER]);
    if (!claimed.length) return false;
    const [owner] = await seedVoteTemplatesSql.run(query, [publicId(), TEMPLATE_OWNER_PHONE, TEMPLATE_OWNER_NAME]);
    for (const [sort, t] of VOTE_TEMPLATES.entries()) {
      if ((await query('SELECT 1 FROM vote_templates WHERE template_key = $1', [t.key])).length) continue;
      const [vote] = await seedVoteTemplatesSql2.run(query, [
        publicId(),
        owner!.id,
        t.title,
        JSON.stringify([t.cover]),
        html(t.rules),
        JSON.stringify(t.settings),
        t.players.length,
      ]);
      const types = new Map<string, number>();
      for (const [i, name] of t.types.entries()) {
        const [row] = await seedVoteTemplatesSql3.run(query, [vote!.id, name, i]);
        types.set(name, row!.id);
      }
      for (const [i, p] of t.players.entries()) {
        await query('INSERT INTO vote_players (public_id, vote_id, type_id, no, name, description) VALUES ($1, $2, $3, $4, $5, $6)', [
          publicId(),
          vote!.id,
          types.get(p.type) ?? null,
          i + 1,
          p.name,
          p.description,
        ]);
      }
      await query('INSERT INTO vote_templates (vote_id, template_key, category, sort, recommended) VALUES ($1, $2, $3, $4, $5)', [
        vote!.id,
        t.key,
        t.category,
        sort,
        t.recommended,
      ]);
    }
    return true;
  });
}

interface TemplateRow {
  id: number;
  public_id: string;
  title: string;
  cover_images: string[];
  description: string;
  category: string;
  use_count: number;
  template_key: string;
  player_count: string | number;
  player_types: string[] | null;
  total?: string | number;
}

const TEMPLATE_SQL = `SELECT v.id, v.public_id, v.title, v.cover_images, v.description, t.category, t.use_count, t.template_key,
    (SELECT count(*) FROM vote_players p WHERE p.vote_id = v.id) AS player_count,
    (SELECT array_agg(pt.name ORDER BY pt.sort, pt.id) FROM vote_player_types pt WHERE pt.vote_id = v.id) AS player_types
  FROM vote_templates t JOIN vote_activities v ON v.id = t.vote_id AND v.is_template AND v.deleted_at IS NULL`;

const plain = (description: string) =>
  description
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const view = (r: TemplateRow): z.input<typeof ZVoteTemplate> => ({
  templateId: r.public_id,
  title: r.title,
  cover: r.cover_images[0] ?? null,
  description: plain(r.description).slice(0, 120),
  category: r.category,
  playerCount: Number(r.player_count),
  playerTypes: r.player_types ?? [],
  useCount: r.use_count,
});

export async function templatePage(query: Query, body: { category?: string; keyword?: string; page: number; pageSize: number }) {
  const like = body.keyword ? `%${body.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await query<TemplateRow>(
    `SELECT x.*, count(*) OVER () AS total FROM (${TEMPLATE_SQL}) x WHERE ($1::text IS NULL OR x.category = $1) AND ($2::text IS NULL OR x.title LIKE $2)
     ORDER BY x.use_count DESC, x.id LIMIT $3 OFFSET $4`,
    [body.category ?? null, like, body.pageSize, (body.page - 1) * body.pageSize],
  );
  return { list: rows.map(view), total: Number(rows[0]?.total ?? 0), categories: [...VOTE_TEMPLATE_CATEGORIES] };
}

export async function recommendedTemplates(query: Query) {
  return (await query<TemplateRow>(`${TEMPLATE_SQL} WHERE t.recommended ORDER BY t.sort`)).map(view);
}

async function templateRow(query: Query, templateId: string): Promise<TemplateRow> {
  const [row] = await query<TemplateRow>(`${TEMPLATE_SQL} WHERE v.public_id = $1`, [templateId]);
  if (!row) throw notFound('模板不存在或已下架');
  return row;
}

const templateDetailSql = defineSql(
  'vote-templates.templateDetail',
  { name: col.text, photo: col.text, type: col.text.orNull(), description: col.text },
  'SELECT p.name, p.photo, t.name AS type, p.description FROM vote_players p LEFT JOIN vote_player_types t ON t.id = p.type_id WHERE p.vote_id = $1 ORDER BY p.no',
);

export async function templateDetail(query: Query, templateId: string): Promise<z.input<typeof ZVoteTemplateDetail>> {
  const row = await templateRow(query, templateId);
  const players = await templateDetailSql.run(query, [row.id]);
  const rules = [...row.description.matchAll(/<p>(.*?)<\/p>/g)].map((m) => m[1]!);
  return { ...view(row), rules, players: players.map((p) => ({ name: p.name, image: p.photo || null, type: p.type, description: p.description })) };
}

const useTemplateSql = defineSql(
  'vote-templates.useTemplate',
  { id: col.int, public_id: col.text },
  `INSERT INTO vote_activities (public_id, owner_id, brand, title, cover_images, description, settings, player_seq)
       SELECT $1, $2, $3, title, cover_images, description, settings, player_seq FROM vote_activities WHERE id = $4 RETURNING id, public_id`,
);

/**
 * Use a template: a new draft vote of the caller with the template's cover, description, rules, groups and players;
 * it counts against the daily creations like any new vote (one conditional upsert; over the limit isCreate 0).
 */
export async function useTemplate(database: Database, user: AuthUser, templateId: string, brand: string) {
  return database.transaction(async (query) => {
    const row = await templateRow(query, templateId);
    if (!(await takeDailyCreation(query, user))) return { voteId: '', isCreate: 0 as const };
    const [vote] = await useTemplateSql.run(query, [publicId(), user.id, brand, row.id]);
    await copyPlayers(query, row.id, vote!.id);
    await query('UPDATE vote_templates SET use_count = use_count + 1 WHERE vote_id = $1', [row.id]);
    return { voteId: vote!.public_id, isCreate: 1 as const };
  });
}

const caseListSql = defineSql(
  'vote-templates.caseList',
  { template_key: col.text, public_id: col.text },
  `SELECT t.template_key, v.public_id FROM vote_templates t JOIN vote_activities v ON v.id = t.vote_id`,
);

export async function caseList(query: Query, industry?: string) {
  const ids = new Map((await caseListSql.run(query)).map((r) => [r.template_key, r.public_id]));
  const covers = new Map(VOTE_TEMPLATES.map((t) => [t.key, t.cover]));
  return VOTE_CASES.filter((c) => !industry || c.industry === industry).map((c) => ({
    caseId: c.caseId,
    title: c.title,
    industry: c.industry,
    cover: covers.get(c.template) ?? null,
    summary: c.summary,
    templateId: ids.get(c.template) ?? null,
    content: [...c.content],
  }));
}

export async function caseDetail(query: Query, caseId: string): Promise<z.input<typeof ZVoteCaseDetail>> {
  const found = (await caseList(query)).find((c) => c.caseId === caseId);
  if (!found) throw notFound('案例不存在');
  return found;
}
