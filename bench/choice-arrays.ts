import type { Database } from '../server/db/client';

/**
 * Benches that insert sheets in bulk (generate_series, as an import lands them) give them their chosen options the
 * way the submit writes them (migration 0098): choice_subjects / choice_options, pairwise option_keys ids, read from
 * each sheet's answers (`optionIds` of object answers). Only the project's sheets past `afterId`.
 */
export async function fillChoiceArrays(db: Pick<Database, 'query'>, projectId: number, afterId = 0): Promise<void> {
  await db.query(
    `UPDATE answer_sheets a SET choice_subjects = x.s, choice_options = x.o FROM (
       SELECT a.id, array_agg(ks.id ORDER BY ks.id, ko.id) AS s, array_agg(ko.id ORDER BY ks.id, ko.id) AS o FROM answer_sheets a
       CROSS JOIN LATERAL jsonb_each(a.answers) e(subject, value)
       CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(e.value) = 'object' THEN e.value -> 'optionIds' ELSE '[]'::jsonb END) o(option)
       JOIN option_keys ks ON ks.project_id = a.project_id AND ks.subject_uuid = e.subject AND ks.option_uuid = ''
       JOIN option_keys ko ON ko.project_id = a.project_id AND ko.subject_uuid = e.subject AND ko.option_uuid = o.option
       WHERE a.project_id = $1 AND a.id > $2 GROUP BY a.id) x
     WHERE a.id = x.id`,
    [projectId, afterId],
  );
}
