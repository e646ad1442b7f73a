import type { Database, Query } from '../../db/client';
import { addDays, minuteOf, weekdayBits } from '../../../schemas/checkin/days';
import { TEMPLATE_PERIOD_ANCHOR } from '../../services/checkin/checkin-project.service';
import { publicId } from '../../services/crypto';
import { insertSubjects } from '../../services/projects/subjects.service';
import { TEMPLATE_CATEGORIES, TEMPLATES } from './index';
import { col, defineSql } from '../../db/sql';

/** The system account that owns the library. Not a mobile number (spec §5 rule) and no password: nobody can log in as it. */
export const TEMPLATE_OWNER_PHONE = '10000000000';
export const TEMPLATE_OWNER_NAME = '官方模板';
/**
 * Bumped whenever the library's content changes. A database seeded under an earlier marker gets its templates
 * rewritten in place (matched by title, which is unique in the library), never added a second time.
 */
export const TEMPLATES_SEED_MARKER = 'seed:templates:v7';

const categoryRows = () =>
  Object.entries(TEMPLATE_CATEGORIES).flatMap(([questionType, names]) => names.map((name, i) => ({ questionType: Number(questionType), name, sort: i + 1 })));

const seedTemplatesSql = defineSql(
  'seed-templates.seedTemplates',
  { id: col.int },
  `INSERT INTO users (public_id, phone, username, password_hash) VALUES ($1, $2, $3, NULL)
       ON CONFLICT (phone) DO UPDATE SET username = EXCLUDED.username, password_hash = NULL RETURNING id`,
);
const seedTemplatesSql2 = defineSql(
  'seed-templates.seedTemplates2',
  { id: col.int, question_type: col.int, name: col.text },
  'SELECT id, question_type, name FROM template_types',
);
const seedTemplatesSql3 = defineSql(
  'seed-templates.seedTemplates3',
  { id: col.int, title: col.text },
  'SELECT id, title FROM projects WHERE owner_id = $1 AND is_template',
);
const seedTemplatesSql4 = defineSql(
  'seed-templates.seedTemplates4',
  { id: col.int, public_id: col.text },
  `INSERT INTO projects (public_id, owner_id, question_type, solitaire_type, title, subtitle, conclusion, share_title, status,
         logic, is_template, template_type_id, hot, updated_by)
       SELECT x->>'publicId', $1, (x->>'questionType')::int, (x->>'solitaireType')::int, x->>'title', x->>'subtitle',
         x->>'conclusion', x->>'title', 1, x->'logic', true, (x->>'templateTypeId')::int, (x->>'hot')::int, $1
       FROM jsonb_array_elements($2::jsonb) AS x
       RETURNING id, public_id`,
);

/**
 * Writes the template library once per database and version (a `meta` row marks it done), in one transaction:
 * the owner, the categories (existing rows of the same kind and name are reused), the template projects and
 * their subjects. Templates already there from an earlier version are updated, keeping their id and use count.
 * Returns whether this call wrote it.
 */
export async function seedTemplates(database: Database): Promise<boolean> {
  return database.transaction(async (query) => {
    const claimed = await query(`INSERT INTO meta (key, value) VALUES ($1, '1') ON CONFLICT (key) DO NOTHING RETURNING key`, [TEMPLATES_SEED_MARKER]);
    if (!claimed.length) return false;

    const [owner] = await seedTemplatesSql.run(query, [publicId(), TEMPLATE_OWNER_PHONE, TEMPLATE_OWNER_NAME]);

    await query(
      `INSERT INTO template_types (question_type, name, sort)
       SELECT (x->>'questionType')::int, x->>'name', (x->>'sort')::int FROM jsonb_array_elements($1::jsonb) AS x
       WHERE NOT EXISTS (SELECT 1 FROM template_types t WHERE t.question_type = (x->>'questionType')::int AND t.name = x->>'name')`,
      [JSON.stringify(categoryRows())],
    );
    const types = await seedTemplatesSql2.run(query);
    const typeId = new Map(types.map((t) => [`${t.question_type}:${t.name}`, t.id]));

    const existing = await seedTemplatesSql3.run(query, [owner!.id]);
    const existingId = new Map(existing.map((r) => [r.title, r.id]));
    for (const t of TEMPLATES.filter((each) => existingId.has(each.title))) {
      const id = existingId.get(t.title)!;
      await query(
        `UPDATE projects SET question_type = $2, solitaire_type = $3, subtitle = $4, conclusion = $5, logic = $6::jsonb, template_type_id = $7,
           version = version + 1, updated_at = now() WHERE id = $1`,
        [id, t.questionType, t.solitaireType ?? null, t.subtitle, t.conclusion, JSON.stringify(t.logic), typeId.get(`${t.questionType}:${t.category}`) ?? null],
      );
      await query('DELETE FROM subjects WHERE project_id = $1', [id]);
      await insertSubjects(query, id, t.subjects);
    }

    const added = TEMPLATES.filter((t) => !existingId.has(t.title));
    const projects = added.map((t) => ({
      publicId: publicId(),
      questionType: t.questionType,
      solitaireType: t.solitaireType ?? null,
      title: t.title,
      subtitle: t.subtitle,
      conclusion: t.conclusion,
      logic: t.logic,
      hot: t.hot,
      templateTypeId: typeId.get(`${t.questionType}:${t.category}`) ?? null,
    }));
    const inserted = await seedTemplatesSql4.run(query, [owner!.id, JSON.stringify(projects)]);
    const projectId = new Map(inserted.map((r) => [r.public_id, r.id]));
    for (const [i, t] of added.entries()) {
      await insertSubjects(query, projectId.get(projects[i]!.publicId)!, t.subjects);
    }
    const ids = new Map([...existingId, ...added.map((t, i) => [t.title, projectId.get(projects[i]!.publicId)!] as const)]);
    await seedChainSettings(query, ids);
    await seedCheckInSettings(query, ids);
    return true;
  });
}

/** Sign-up chain templates carry their chain's settings (copied with the template); other templates have none. */
async function seedChainSettings(query: Query, ids: Map<string, number>): Promise<void> {
  const rows = TEMPLATES.filter((t) => t.chain && ids.has(t.title)).map((t) => ({ projectId: ids.get(t.title)!, ...t.chain! }));
  const others = TEMPLATES.filter((t) => !t.chain && ids.has(t.title)).map((t) => ids.get(t.title)!);
  if (others.length) await query('DELETE FROM chain_settings WHERE project_id = ANY($1::int[])', [others]);
  if (!rows.length) return;
  await query(
    `INSERT INTO chain_settings (project_id, cap, cap_chosen, waitlist, multiple, mask_names, pinned_note)
     SELECT (x->>'projectId')::int, (x->>'cap')::int, true, (x->>'waitlist')::boolean, (x->>'multiple')::boolean, (x->>'maskNames')::boolean, x->>'pinnedNote'
     FROM jsonb_array_elements($1::jsonb) AS x
     ON CONFLICT (project_id) DO UPDATE SET cap = EXCLUDED.cap, cap_chosen = true, waitlist = EXCLUDED.waitlist, multiple = EXCLUDED.multiple,
       mask_names = EXCLUDED.mask_names, pinned_note = EXCLUDED.pinned_note, updated_at = now()`,
    [JSON.stringify(rows)],
  );
}

/**
 * Check-in templates carry their check-in's settings (copied with the template); other templates have none. The
 * period starts on the anchor day and lasts the template's days, so a use moves it to start on the day of use.
 */
async function seedCheckInSettings(query: Query, ids: Map<string, number>): Promise<void> {
  const rows = TEMPLATES.filter((t) => t.checkIn && ids.has(t.title)).map((t) => {
    const c = t.checkIn!;
    return {
      projectId: ids.get(t.title)!,
      startDay: TEMPLATE_PERIOD_ANCHOR,
      endDay: c.days === null ? null : addDays(TEMPLATE_PERIOD_ANCHOR, c.days - 1),
      weekdays: weekdayBits(c.weekdays),
      windowStart: minuteOf(c.windowStart),
      windowEnd: minuteOf(c.windowEnd),
      lateAfter: c.lateAfter === null ? null : minuteOf(c.lateAfter),
      textMode: c.textMode,
      photoMode: c.photoMode,
      numberMode: c.numberMode,
      numberLabel: c.numberLabel,
      numberUnit: c.numberUnit,
      makeupDays: c.makeupDays,
    };
  });
  const others = TEMPLATES.filter((t) => !t.checkIn && ids.has(t.title)).map((t) => ids.get(t.title)!);
  if (others.length) await query('DELETE FROM checkin_settings WHERE project_id = ANY($1::int[])', [others]);
  if (!rows.length) return;
  await query(
    `INSERT INTO checkin_settings (project_id, start_day, end_day, weekdays, window_start, window_end, late_after, text_mode, photo_mode,
       number_mode, number_label, number_unit, makeup_days)
     SELECT (x->>'projectId')::int, x->>'startDay', x->>'endDay', (x->>'weekdays')::int, (x->>'windowStart')::int, (x->>'windowEnd')::int,
       (x->>'lateAfter')::int, x->>'textMode', x->>'photoMode', x->>'numberMode', x->>'numberLabel', x->>'numberUnit', (x->>'makeupDays')::int
     FROM jsonb_array_elements($1::jsonb) AS x
     ON CONFLICT (project_id) DO UPDATE SET start_day = EXCLUDED.start_day, end_day = EXCLUDED.end_day, weekdays = EXCLUDED.weekdays,
       window_start = EXCLUDED.window_start, window_end = EXCLUDED.window_end, late_after = EXCLUDED.late_after, text_mode = EXCLUDED.text_mode,
       photo_mode = EXCLUDED.photo_mode, number_mode = EXCLUDED.number_mode, number_label = EXCLUDED.number_label,
       number_unit = EXCLUDED.number_unit, makeup_days = EXCLUDED.makeup_days, updated_at = now()`,
    [JSON.stringify(rows)],
  );
}
