import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { getTemplateByVoteId } from '../../api/vote-extras';
import { toast } from '../../ui/toast';

/** 使用此模板: the server copies the template into a new vote of the caller, then the editor opens on it. */
export function useVoteTemplate() {
  const navigate = useNavigate();
  const use = useMutation({
    mutationFn: getTemplateByVoteId,
    onSuccess: ({ voteId }) => {
      toast.success('已用模板创建投票，请完善后发布');
      void navigate({ to: '/voting/add.html', search: { voteId } });
    },
  });
  return { use: (templateId: string) => use.mutate(templateId), usingId: use.isPending ? use.variables : null };
}
