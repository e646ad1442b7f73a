import { useNavigate } from '@tanstack/react-router';
import { useCreation } from '../../api/use-creation';
import { toast } from '../../ui/toast';

/**
 * 使用此模板: the server copies the template into a new vote of the caller, then the editor opens on it. It goes through
 * the creation machine: the day's count check, and the limit dialog (render `dialog`) when the limit is reached.
 */
export function useVoteTemplate() {
  const navigate = useNavigate();
  const creation = useCreation({
    onCreated: (voteId) => {
      toast.success('已用模板创建投票，请完善后发布');
      void navigate({ to: '/voting/add.html', search: { voteId } });
    },
  });
  const request = creation.request;
  return {
    use: (templateId: string) => creation.start({ via: 'voteTemplate', templateId }),
    usingId: creation.busy && request?.via === 'voteTemplate' ? request.templateId : null,
    /** The limit dialog is open (a preview steps aside for it). */
    limited: creation.limit !== null,
    dialog: creation.dialog,
  };
}
