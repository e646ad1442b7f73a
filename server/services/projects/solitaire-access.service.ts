import { PROJECT_KINDS, type TPowerNeed } from '../../../schemas/project-kinds';
import type { Query } from '../../db/client';
import type { ProjectRow } from '../../db/rows';
import { notFound } from '../errors';
import { accessProject } from '../access/powers.service';
import type { AuthUser } from '../access/sessions.service';

export type SolitaireProject = Pick<ProjectRow, 'id' | 'public_id' | 'title' | 'subtitle' | 'status' | 'question_type' | 'solitaire_type'>;

/**
 * How a 接龙 kind's calls reach their project (sign-up chain, check-in…; 'any' for what every kind shares, as the
 * live feed): by its link for anyone, or with the
 * caller's power for its creator and collaborators; a project of another kind answers "404" with `missing`.
 */
export function solitaireAccess(solitaireType: number | 'any', missing: string) {
  const isKind = (p: Pick<ProjectRow, 'question_type' | 'solitaire_type'>) =>
    p.question_type === PROJECT_KINDS.solitaire.questionType && (solitaireType === 'any' || p.solitaire_type === solitaireType);
  return {
    /** As anyone reaches it by its link: live (not binned, not a template), or "404". */
    async byLink(query: Query, questionId: string): Promise<SolitaireProject> {
      const rows = await query<SolitaireProject>(
        `SELECT id, public_id, title, subtitle, status, question_type, solitaire_type FROM projects
         WHERE public_id = $1 AND deleted_at IS NULL AND NOT is_template`,
        [questionId],
      );
      const project = rows[0];
      if (!project || !isKind(project)) throw notFound(missing);
      return project;
    },
    /** As its creator or a collaborator reaches it: the power checked first, as for every project call. */
    async managed(query: Query, user: AuthUser | null, questionId: string, need: TPowerNeed): Promise<SolitaireProject & { powerType: number }> {
      const { project, powerType } = await accessProject(query, user, questionId, need);
      if (!isKind(project)) throw notFound(missing);
      return { ...project, powerType: powerType ?? 0 };
    },
  };
}
