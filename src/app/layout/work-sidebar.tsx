import { Link, useLocation } from '@tanstack/react-router';
import { BookOpen, ChevronRight, LayoutDashboard, LayoutTemplate, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../ui/cx';
import { kindsOfBrand, type TKind } from '../kinds';
import { useBrand } from '../use-route-entry';
import type { TWorkKind } from '../route-entry';
import styles from './work-sidebar.module.css';

/** Spec §3 "Menu entry" types: 1 manage, 2 create, 3 template library, 4 recycle bin, 5 my filled-in. */
export interface TSidebarEntry {
  type: 1 | 2 | 3 | 4 | 5;
  to: string;
  search?: Record<string, number>;
}

export function sidebarEntries(kind: TKind): TSidebarEntry[] {
  const entries: TSidebarEntry[] = [
    { type: 1, to: kind.manage },
    { type: 2, to: kind.create },
    { type: 3, to: kind.templates },
  ];
  if (kind.filled) entries.push({ type: 5, to: kind.filled, search: { questionType: kind.questionType ?? 1 } });
  entries.push({ type: 4, to: kind.recycle });
  return entries;
}

/** The words of a menu entry of a kind (the sidebar and the phone menu say the same). */
export function useEntryLabel(): (entry: TSidebarEntry, name: string) => string {
  const { t } = useTranslation();
  return (entry, name) =>
    ({
      1: t('sidebar.manage', { kind: name }),
      2: t('sidebar.create', { kind: name }),
      3: t('sidebar.templates'),
      4: t('sidebar.recycle'),
      5: t('sidebar.filled'),
    })[entry.type];
}

const HINT_KEY = 'hint.recycleBin';

function useOneTimeHint(key: string): [boolean, () => void] {
  const [show, setShow] = useState(() => {
    try {
      return localStorage.getItem(key) !== '1';
    } catch {
      return false;
    }
  });
  const dismiss = () => {
    setShow(false);
    try {
      localStorage.setItem(key, '1');
    } catch {
      // Storage unavailable: the hint just closes for now.
    }
  };
  return [show, dismiss];
}

export interface TWorkSidebarProps {
  kind?: TWorkKind;
  /** Spec §2: the left menu collapses on the voting add page. */
  defaultCollapsed?: boolean;
}

export function WorkSidebar({ kind, defaultCollapsed = false }: TWorkSidebarProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const brand = useBrand();
  const kinds = kindsOfBrand(brand);
  // Off a kind's pages the menu opens on the brand's own first kind (投票通 votes, 接龙通 chains).
  const home = kind ?? kinds[0]!.kind;
  const [collapsed, setCollapsed] = useState(defaultCollapsed);
  const [open, setOpen] = useState<Set<TWorkKind>>(() => new Set([home]));
  const [hint, dismissHint] = useOneTimeHint(HINT_KEY);
  const hintKind = home;

  useEffect(() => setCollapsed(defaultCollapsed), [defaultCollapsed]);
  useEffect(() => {
    if (kind) setOpen((previous) => (previous.has(kind) ? previous : new Set(previous).add(kind)));
  }, [kind]);

  const toggle = (each: TWorkKind) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(each)) next.delete(each);
      else next.add(each);
      return next;
    });

  const isActive = (entry: TSidebarEntry) =>
    location.pathname === entry.to && (!entry.search || Number((location.search as Record<string, unknown>).questionType ?? 1) === entry.search.questionType);

  const label = useEntryLabel();

  return (
    <aside className={cx(styles.sidebar, collapsed && styles.collapsed)} aria-label={t('sidebar.label')}>
      <nav className={styles.scroll}>
        <Link
          to="/activeManagement.html"
          className={cx(styles.item, location.pathname === '/activeManagement.html' && styles.active)}
          title={collapsed ? t('sidebar.workbench') : undefined}
        >
          <LayoutDashboard size={18} aria-hidden />
          {collapsed ? null : t('sidebar.workbench')}
        </Link>
        <div className={styles.divider} />
        {kinds.map((each) => {
          const Icon = each.icon;
          const name = t(`kind.${each.kind}`);
          const expanded = open.has(each.kind);
          const icon = (
            <span className={styles.kindIcon} style={{ background: each.color }} aria-hidden>
              <Icon size={14} />
            </span>
          );
          if (collapsed) {
            return (
              <Link key={each.kind} to={each.manage} className={cx(styles.item, each.kind === kind && styles.active)} title={name}>
                {icon}
              </Link>
            );
          }
          return (
            <div key={each.kind} className={styles.group}>
              <button type="button" className={styles.groupHead} aria-expanded={expanded} onClick={() => toggle(each.kind)}>
                {icon}
                {name}
                <ChevronRight size={16} className={styles.chevron} aria-hidden />
              </button>
              {expanded ? (
                <ul className={styles.children}>
                  {sidebarEntries(each).map((entry) => (
                    <li key={entry.type}>
                      <Link
                        to={entry.to}
                        search={entry.search}
                        className={cx(styles.item, isActive(entry) && styles.active)}
                        aria-current={isActive(entry) ? 'page' : undefined}
                      >
                        {label(entry, name)}
                      </Link>
                      {entry.type === 4 && hint && each.kind === hintKind ? (
                        <div className={styles.hint} role="note">
                          {t('sidebar.recycleHint')}
                          <button type="button" onClick={dismissHint}>
                            {t('sidebar.gotIt')}
                          </button>
                        </div>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          );
        })}
        {collapsed ? null : (
          <>
            <div className={styles.divider} />
            <div className={styles.section}>
              <p className={styles.sectionTitle}>{t('sidebar.article')}</p>
              <Link to="/help.html" className={styles.item}>
                <BookOpen size={16} aria-hidden />
                {t('sidebar.helpSupport')}
              </Link>
            </div>
            <div className={styles.section}>
              <p className={styles.sectionTitle}>{t('sidebar.templateMenu')}</p>
              <Link to="/template/list.html" className={styles.item}>
                <LayoutTemplate size={16} aria-hidden />
                {t('sidebar.templateCases')}
              </Link>
            </div>
            <div className={styles.section}>
              <p className={styles.sectionTitle}>{t('sidebar.apply')}</p>
              <p className={styles.muted}>{t('sidebar.applyEmpty')}</p>
            </div>
          </>
        )}
      </nav>
      <button type="button" className={styles.toggle} onClick={() => setCollapsed((value) => !value)}>
        {collapsed ? <PanelLeftOpen size={16} aria-hidden /> : <PanelLeftClose size={16} aria-hidden />}
        {collapsed ? null : t('sidebar.collapse')}
        {collapsed ? <span className="visually-hidden">{t('sidebar.expand')}</span> : null}
      </button>
    </aside>
  );
}
