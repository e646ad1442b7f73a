import { useLocation } from '@tanstack/react-router';
import { KINDS, kindOf, kindOfType, type TKind } from '../../app/kinds';
import { useRouteEntry } from '../../app/use-route-entry';
import type { TQuestionType } from '../../../schemas/project-kinds';

export type TProjectKind = TKind & { questionType: TQuestionType };

/**
 * The project kind of the screen: the route's kind, or `?questionType=` on the shared create page
 * (/questionnaire/create.html?questionType=2). Voting has its own screens, so it falls back to surveys.
 */
export function useWorkKind(): TProjectKind {
  const entry = useRouteEntry();
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> });
  const fromQuery = kindOfType(Number(search.questionType));
  const kind = fromQuery ?? kindOf(entry?.kind);
  return (kind?.questionType ? kind : KINDS[0]) as TProjectKind;
}
