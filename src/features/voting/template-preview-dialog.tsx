import { useQuery } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { voteTemplateQuery } from '../../api/vote-extras';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { ErrorState, LoadingState } from '../../ui/states';
import styles from './voting-styles';

interface TProps {
  templateId: string | null;
  onClose: () => void;
  onUse: (templateId: string) => void;
  using: boolean;
}

/** A vote template before it is used: its cover, rules, player types and sample players. */
export function TemplatePreviewDialog({ templateId, onClose, onUse, using }: TProps) {
  const detail = useQuery(voteTemplateQuery(templateId ?? ''));
  const data = detail.data;
  let body;
  if (detail.isPending) body = <LoadingState label="正在加载模板…" />;
  else if (detail.isError || !data) body = <ErrorState compact title="模板加载失败" description="请稍后重试" />;
  else
    body = (
      <div className={styles.form}>
        {data.cover ? <img className={styles.templateCover} src={data.cover} alt="" /> : null}
        <p className={styles.muted}>{data.description}</p>
        <section>
          <h3 className={styles.fieldLabel}>投票规则</h3>
          <ul>
            {data.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </section>
        {data.playerTypes.length ? (
          <section>
            <h3 className={styles.fieldLabel}>选手分组</h3>
            <div className={styles.chips}>
              {data.playerTypes.map((type) => (
                <span key={type} className={styles.chip}>
                  {type}
                </span>
              ))}
            </div>
          </section>
        ) : null}
        <section>
          <h3 className={styles.fieldLabel}>示例选手（{data.players.length}）</h3>
          <div className={styles.chips}>
            {data.players.slice(0, 12).map((player) => (
              <span key={player.name} className={styles.chip}>
                {player.name}
              </span>
            ))}
          </div>
        </section>
      </div>
    );
  return (
    <Dialog
      open={templateId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={data?.title ?? '模板预览'}
      width={560}
      footer={
        <>
          <Button onClick={onClose}>关闭</Button>
          <Button variant="primary" disabled={!data || using} onClick={() => templateId && onUse(templateId)}>
            {using ? <LoaderCircle size={14} className={styles.spin} aria-hidden /> : null}
            使用此模板
          </Button>
        </>
      }
    >
      {body}
    </Dialog>
  );
}
