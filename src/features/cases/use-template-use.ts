import { useQuery } from '@tanstack/react-query';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { TKeyedTemplate } from '../../../schemas/api/template-keys';
import { templatesByKeyQuery } from '../../api/template-keys';
import { hasSession } from '../../api/token';
import { useCreation } from '../../api/use-creation';
import { projectHref } from '../../app/kinds';
import { REDIRECT_PARAM } from '../../app/guards';

/** The query value that carries a template choice through the login and back. */
export const USE_PARAM = 'use';

/** The page's address with `use` set to `key` (or removed when null). */
function hereWith(pathname: string, search: string, key: string | null): string {
  const params = new URLSearchParams(search);
  if (key) params.set(USE_PARAM, key);
  else params.delete(USE_PARAM);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * 使用此模板 on the case and plan pages: the templates named by `keys`, resolved to this database's ids, and
 * `use(key)`, which creates through the creation machine (count check, limit dialog) and opens the new project's
 * screen (a vote's /voting/add.html, a chain's own screen, else the editor). Logged out, it goes to the login with
 * the choice in the return address; back on the page, the choice is carried on once and dropped from the address.
 */
export function useTemplateUse(keys: readonly string[]) {
  const router = useRouter();
  const templates = useQuery(templatesByKeyQuery(keys));
  const chosen = useRef<TKeyedTemplate | null>(null);
  const creation = useCreation({
    onCreated: (id) => {
      const t = chosen.current;
      if (t?.kind === 'vote') void router.navigate({ to: '/voting/add.html', search: { voteId: id } });
      else router.history.push(projectHref.opened(id, t?.questionType, t?.solitaireType));
    },
  });
  const location = useLocation();
  const byKey = new Map((templates.data ?? []).map((t) => [t.key, t]));

  const use = (key: string) => {
    const t = byKey.get(key);
    if (!t) return;
    if (!hasSession()) {
      const back = hereWith(location.pathname, location.searchStr, key);
      void router.navigate({ to: '/login', search: { [REDIRECT_PARAM]: back } });
      return;
    }
    chosen.current = t;
    creation.start(t.kind === 'vote' ? { via: 'voteTemplate', templateId: t.templateId } : { via: 'copy', questionId: t.templateId });
  };

  const pending = new URLSearchParams(location.searchStr).get(USE_PARAM);
  const resumed = useRef(false);
  useEffect(() => {
    if (!pending || resumed.current || !templates.data || !hasSession()) return;
    resumed.current = true;
    router.history.replace(hereWith(location.pathname, location.searchStr, null));
    use(pending);
    // Once, when the templates have arrived after the login's return.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending, templates.data]);

  const usingKey = creation.busy ? (chosen.current?.key ?? null) : null;
  return { templates, byKey, use, usingKey, busy: creation.busy, error: creation.error, dialog: creation.dialog };
}
