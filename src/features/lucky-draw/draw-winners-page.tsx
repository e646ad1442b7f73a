import { useQuery } from '@tanstack/react-query';
import { Button, ErrorState } from '../../ui';
import { useGo } from '../../app/navigation';
import { ManageHeader, ManagePage } from '../../ui/manage-page';
import { drawSettingQuery } from '../../api/draw';
import { DrawWinners } from './draw-winners';

/** /luckyDraw/winners.html?questionId=…: the creator's 抽奖中奖名单 (reached from the settings' 答题抽奖 card). */
export function DrawWinnersPage() {
  const go = useGo();
  const questionId = new URLSearchParams(go.search()).get('questionId') ?? '';
  const setting = useQuery(drawSettingQuery(questionId));
  if (!questionId) return <ErrorState title="链接不完整" description="请从项目设置的「答题抽奖」进入中奖名单" />;
  const prizes = setting.data?.prizes ?? [];
  return (
    <ManagePage>
      <ManageHeader
        back={{ to: '/questionnaire/list.html', label: '返回项目列表' }}
        title="抽奖中奖名单"
        meta={prizes.length ? <p>{prizes.map((p) => `${p.name} 已中 ${p.won}/${p.stock}`).join(' · ')}</p> : null}
        actions={
          <Button asChild variant="ghost">
            <a href={`/questionnaire/edit/setting.html?questionId=${encodeURIComponent(questionId)}`}>抽奖设置</a>
          </Button>
        }
      />
      <DrawWinners questionId={questionId} />
    </ManagePage>
  );
}

export default DrawWinnersPage;
