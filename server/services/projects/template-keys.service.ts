import { VOTE_KEY_PREFIX, type TKeyedTemplate } from '../../../schemas/api/template-keys';
import type { Query } from '../../db/client';
import { col, defineSql } from '../../db/sql';
import { TEMPLATES } from '../../seed/templates';
import { TEMPLATE_OWNER_PHONE } from '../../seed/templates/seed-templates';
import { QUESTION_COUNT_SQL } from './subjects.service';

// A project template is found by its title (unique in the library, how the seed itself matches rows) among the
// library owner's templates: the key lives in the seed data only, so no column and no migration is needed.
const projectTemplatesSql = defineSql(
  'template-keys.projectTemplates',
  { public_id: col.text, title: col.text, question_type: col.int, solitaire_type: col.int.orNull(), subject_count: col.int },
  `SELECT p.public_id, p.title, p.question_type, p.solitaire_type, ${QUESTION_COUNT_SQL} AS subject_count
     FROM projects p JOIN users u ON u.id = p.owner_id AND u.phone = $1
     WHERE p.is_template AND p.deleted_at IS NULL AND p.title = ANY($2::text[])`,
);

const voteTemplatesSql = defineSql(
  'template-keys.voteTemplates',
  { template_key: col.text, public_id: col.text, title: col.text, player_count: col.int },
  `SELECT t.template_key, v.public_id, v.title, (SELECT count(*)::int FROM vote_players p WHERE p.vote_id = v.id) AS player_count
     FROM vote_templates t JOIN vote_activities v ON v.id = t.vote_id AND v.is_template AND v.deleted_at IS NULL
     WHERE t.template_key = ANY($1::text[])`,
);

/** The templates of this database named by `keys`, in the keys' order; keys it does not hold are left out. */
export async function templatesByKey(query: Query, keys: readonly string[]): Promise<TKeyedTemplate[]> {
  const voteKeys = keys.filter((k) => k.startsWith(VOTE_KEY_PREFIX)).map((k) => k.slice(VOTE_KEY_PREFIX.length));
  const titleOf = new Map(TEMPLATES.filter((t) => keys.includes(t.key)).map((t) => [t.title, t.key]));
  const found = new Map<string, TKeyedTemplate>();
  if (titleOf.size) {
    for (const r of await projectTemplatesSql.run(query, [TEMPLATE_OWNER_PHONE, [...titleOf.keys()]])) {
      const key = titleOf.get(r.title)!;
      found.set(key, {
        key,
        kind: 'project',
        templateId: r.public_id,
        title: r.title,
        questionType: r.question_type,
        solitaireType: r.solitaire_type,
        subjectCount: r.subject_count,
      });
    }
  }
  if (voteKeys.length) {
    for (const r of await voteTemplatesSql.run(query, [voteKeys])) {
      const key = `${VOTE_KEY_PREFIX}${r.template_key}`;
      found.set(key, { key, kind: 'vote', templateId: r.public_id, title: r.title, questionType: null, solitaireType: null, subjectCount: r.player_count });
    }
  }
  return keys.flatMap((k) => found.get(k) ?? []);
}
