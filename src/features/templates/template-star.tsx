import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { collectKeys, setTemplateCollected, templateCollectedQuery } from '../../api/collect';
import { hasSession } from '../../api/token';
import { useGo } from '../../app/navigation';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { TEMPLATES_NS } from './templates-i18n';
import styles from './templates.module.css';

/**
 * 收藏 on a template (issue 46 item 6): reads getCollectionWhether and toggles with getCollectionSetting; the
 * template then shows in 我的收藏 (/collection.html). A visitor without a session is sent to login and back.
 */
export function TemplateStar({ questionId, title }: { questionId: string; title: string }) {
  const { t } = useTranslation(TEMPLATES_NS);
  const go = useGo();
  const queryClient = useQueryClient();
  const loggedIn = hasSession();
  const whether = useQuery({ ...templateCollectedQuery(questionId), enabled: loggedIn && Boolean(questionId) });
  const collected = whether.data?.collected ?? false;
  const toggle = useMutation({
    mutationFn: (collect: boolean) => setTemplateCollected(questionId, collect),
    onSuccess: (answer) => {
      queryClient.setQueryData(collectKeys.template(questionId), answer);
      void queryClient.invalidateQueries({ queryKey: collectKeys.all });
      toast.success(answer.collected ? t('star.added') : t('star.removed'));
    },
  });
  const click = () => {
    if (!loggedIn) return go(`/login?redirect=${encodeURIComponent(go.pathname() + go.search())}`);
    toggle.mutate(!collected);
  };
  const busy = toggle.isPending || (loggedIn && whether.isPending);
  return (
    <Button
      variant="ghost"
      onClick={click}
      disabled={busy}
      aria-pressed={loggedIn ? collected : undefined}
      aria-label={collected ? t('star.removeNamed', { title }) : t('star.addNamed', { title })}
      className={collected ? styles.starred : undefined}
    >
      {toggle.isPending ? (
        <LoaderCircle size={14} className={styles.spin} aria-hidden />
      ) : (
        <Star size={15} aria-hidden fill={collected ? 'currentColor' : 'none'} />
      )}
      {collected ? t('star.collected') : t('star.collect')}
    </Button>
  );
}
