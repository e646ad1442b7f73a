import type { TConclusion, TConclusionRow } from '../../../schemas/api/editor';
import { sanitizeConclusion } from '../../../schemas/rich-text/sanitize-project';
import type { Query } from '../../db/client';
import { notFound } from '../errors';
import { publicId } from '../crypto';
import { col, defineSql } from '../../db/sql';

const listConclusionsSql = defineSql(
  'conclusions.listConclusions',
  { public_id: col.text, config: col.json.as<TConclusion>() },
  'SELECT public_id, config FROM conclusions WHERE project_id = $1 ORDER BY id',
);

/** A project's conclusion pages (结束页) in the order they were made; conclusionId is their public id. */
export async function listConclusions(query: Query, projectId: number): Promise<TConclusionRow[]> {
  const rows = await listConclusionsSql.run(query, [projectId]);
  return rows.map((r) => ({ ...r.config, conclusionId: r.public_id }));
}

const conclusionConfigsSql = defineSql(
  'conclusions.conclusionConfigs',
  { config: col.json },
  'SELECT config FROM conclusions WHERE project_id = $1 ORDER BY id',
);

/** The stored pages as the respondent page gets them (without their ids). */
export async function conclusionConfigs(query: Query, projectId: number): Promise<unknown[]> {
  return (await conclusionConfigsSql.run(query, [projectId])).map((r) => r.config);
}

/** Save one page, cleaned: a new one without conclusionId, else that page ("404" when it is not this project's). */
export async function saveConclusion(query: Query, projectId: number, conclusion: TConclusion): Promise<TConclusionRow[]> {
  const { conclusionId, ...config } = sanitizeConclusion(conclusion);
  if (conclusionId) {
    const updated = await query('UPDATE conclusions SET config = $3::jsonb WHERE project_id = $1 AND public_id = $2 RETURNING id', [
      projectId,
      conclusionId,
      JSON.stringify(config),
    ]);
    if (!updated.length) throw notFound('结束页不存在');
  } else {
    await query('INSERT INTO conclusions (public_id, project_id, config) VALUES ($1, $2, $3::jsonb)', [publicId(), projectId, JSON.stringify(config)]);
  }
  return listConclusions(query, projectId);
}

export async function deleteConclusion(query: Query, projectId: number, conclusionId: string): Promise<TConclusionRow[]> {
  const gone = await query('DELETE FROM conclusions WHERE project_id = $1 AND public_id = $2 RETURNING id', [projectId, conclusionId]);
  if (!gone.length) throw notFound('结束页不存在');
  return listConclusions(query, projectId);
}
