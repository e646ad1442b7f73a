import { Link, useLocation } from '@tanstack/react-router';
import { BookOpen, LayoutDashboard, Menu, Vote, Wallet, Zap } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { SOLITAIRE_KINDS, SOLITAIRE_TYPE } from '../../../schemas/project-kinds';
import { cx } from '../../ui/cx';
import { kindsOfBrand } from '../kinds';
import { useBrand } from '../use-route-entry';
import styles from './header-menu.module.css';
import { sidebarEntries, useEntryLabel } from './work-sidebar';

/** The quick chain screens (issue 47 item 5), by the kind's solitaireType. */
const QUICK_LABEL: Record<number, 'sidebar.quickChain' | 'sidebar.quickCheckIn' | 'sidebar.quickGroupBuy'> = {
  [SOLITAIRE_TYPE.signUp]: 'sidebar.quickChain',
  [SOLITAIRE_TYPE.checkIn]: 'sidebar.quickCheckIn',
  [SOLITAIRE_TYPE.groupBuy]: 'sidebar.quickGroupBuy',
};
const QUICK_VOTE = '/voting/quick.html';
const QUICK_PAY = '/questionnaire/quickOnline.html';

/**
 * The work menu on a phone (issue 47 item 5): below 960 px the header's nav and the sidebar give way to this button,
 * which opens the sidebar's navigation as a drawer; any link closes it.
 */
export function HeaderMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const pathname = useLocation({ select: (location) => location.pathname });
  const kinds = kindsOfBrand(useBrand());
  const label = useEntryLabel();
  const close = () => setOpen(false);
  const item = (to: string) => cx(styles.item, pathname === to && styles.active);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={styles.trigger} aria-label={t('sidebar.openMenu')}>
        <Menu size={22} aria-hidden />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.drawer} aria-describedby={undefined}>
          <div className={styles.head}>
            <Dialog.Title className={styles.title}>{t('sidebar.label')}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={t('sidebar.collapse')}>
              <X size={20} aria-hidden />
            </Dialog.Close>
          </div>
          <nav className={styles.scroll} aria-label={t('sidebar.label')} onClick={(event) => (event.target as HTMLElement).closest('a') && close()}>
            <Link to="/activeManagement.html" className={item('/activeManagement.html')}>
              <LayoutDashboard size={18} aria-hidden />
              {t('sidebar.workbench')}
            </Link>
            {SOLITAIRE_KINDS.filter((kind) => kind.ready && QUICK_LABEL[kind.solitaireType]).map((kind) => (
              <Link key={kind.quick} to={kind.quick} className={cx(item(kind.quick), styles.quick)}>
                <Zap size={18} aria-hidden />
                {t(QUICK_LABEL[kind.solitaireType]!)}
              </Link>
            ))}
            <Link to={QUICK_VOTE} className={cx(item(QUICK_VOTE), styles.quick)}>
              <Vote size={18} aria-hidden />
              {t('sidebar.quickVote')}
            </Link>
            <Link to={QUICK_PAY} className={cx(item(QUICK_PAY), styles.quick)}>
              <Wallet size={18} aria-hidden />
              {t('sidebar.quickPay')}
            </Link>
            {kinds.map((each) => {
              const Icon = each.icon;
              const name = t(`kind.${each.kind}`);
              return (
                <section key={each.kind} className={styles.group} aria-label={name}>
                  <h3 className={styles.groupHead}>
                    <span className={styles.kindIcon} style={{ background: each.color }} aria-hidden>
                      <Icon size={14} />
                    </span>
                    {name}
                  </h3>
                  <div className={styles.children}>
                    {sidebarEntries(each).map((entry) => (
                      <Link key={entry.type} to={entry.to} search={entry.search} className={item(entry.to)}>
                        {label(entry, name)}
                      </Link>
                    ))}
                  </div>
                </section>
              );
            })}
            <Link to="/help.html" className={item('/help.html')}>
              <BookOpen size={18} aria-hidden />
              {t('sidebar.helpSupport')}
            </Link>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
