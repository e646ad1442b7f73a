import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LoadingState } from '../../ui/states';
import { EDITOR_PAGES, questionIdOf } from './editor-paths';

/** /questionnaire/add.html: the editor shell's entry. With a project it opens its subjects; without one, the create page. */
export function AddPage() {
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> });
  const navigate = useNavigate();
  const questionId = questionIdOf(search);
  useEffect(() => {
    if (questionId) void navigate({ to: EDITOR_PAGES.subject, search: { questionId }, replace: true });
    else void navigate({ to: '/questionnaire/create.html', replace: true });
  }, [questionId, navigate]);
  return <LoadingState label="正在打开编辑器…" />;
}
