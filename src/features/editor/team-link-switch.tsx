import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setFriendAddTeamWork, teamSwitchQuery } from '../../api/team';
import { toast } from '../../ui';

export interface TTeamLinkSwitchProps {
  questionId: string;
  /** Only the project's creator holds the switch; others see its state. */
  isOwner: boolean;
  className?: string;
}

export const TEAM_SWITCH_LABEL = '允许通过邀请链接加入';

/** Whether links are open (spec §6 isFriendAddTeamWork); null until the settings arrive. */
export function useTeamLinksOpen(questionId: string): boolean | null {
  return useQuery(teamSwitchQuery(questionId)).data ?? null;
}

/** The owner's switch 允许通过邀请链接加入, shared by the 协作 popover and the settings page. */
export function TeamLinkSwitch({ questionId, isOwner, className }: TTeamLinkSwitchProps) {
  const client = useQueryClient();
  const open = useTeamLinksOpen(questionId);
  const change = useMutation({
    mutationFn: (next: boolean) => setFriendAddTeamWork(questionId, next ? 1 : 0),
    onSuccess: ({ isFriendAddTeamWork }) => {
      client.setQueryData(teamSwitchQuery(questionId).queryKey, isFriendAddTeamWork === 1);
      toast.success(isFriendAddTeamWork === 1 ? '已开启通过邀请链接加入' : '已关闭通过邀请链接加入，已发出的链接暂不能使用');
    },
  });
  const checked = change.isPending ? Boolean(change.variables) : open !== false;
  return (
    <label className={className}>
      <span>
        {TEAM_SWITCH_LABEL}
        <small>{isOwner ? '关闭后不能复制邀请链接，已发出的链接也无法加入' : '只有项目创建者可以修改此设置'}</small>
      </span>
      <input
        type="checkbox"
        role="switch"
        aria-label={TEAM_SWITCH_LABEL}
        checked={checked}
        disabled={!isOwner || open === null || change.isPending}
        onChange={(event) => change.mutate(event.target.checked)}
      />
    </label>
  );
}
