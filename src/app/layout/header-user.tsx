import { Link, useNavigate } from '@tanstack/react-router';
import { Bell, BookUser, ChevronDown, Crown, Download, Headset, LayoutDashboard, LogOut, Monitor, MonitorDown, Star, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TUserInfo } from '../../../schemas/api/user';
import { useSession } from '../session';
import { Button } from '../../ui/button';
import { DropdownItem, DropdownMenu, DropdownSeparator } from '../../ui/dropdown-menu';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { Popover } from '../../ui/popover';
import { toast } from '../../ui/toast';
import { installApp } from '../pwa';
import { useBrand } from '../use-route-entry';
import styles from './header.module.css';
import { LazyServicePanel } from './service-panel-lazy';
import { messageTarget, useHeaderMessages, type THeaderMessage } from './use-messages';
import { formatDateTime } from '../../ui/format-time';

/** Spec §9: the desktop-client popover is 216 px wide, the notification popover 380 px. */
export const DESKTOP_POPOVER_WIDTH = 216;
export const MESSAGES_POPOVER_WIDTH = 380;

function DesktopPopover() {
  const { t } = useTranslation();
  const brand = useBrand();
  const add = async () => {
    const outcome = await installApp();
    if (outcome === 'unsupported') toast.error(t('msg.installUnsupported'));
    else if (outcome === 'installed') toast.success(t('msg.installed'));
  };
  return (
    <Popover
      width={DESKTOP_POPOVER_WIDTH}
      label={t('header.desktop')}
      trigger={
        <button type="button" className={`${styles.iconButton} ${styles.optional}`} aria-label={t('header.desktop')} title={t('header.desktop')}>
          <Monitor size={19} aria-hidden />
        </button>
      }
    >
      <div className={styles.desktopArt} aria-hidden>
        <MonitorDown size={40} strokeWidth={1.5} />
      </div>
      <p className={styles.panelTitle}>{t('header.desktopTitle', { brand: brand.name })}</p>
      <p className={styles.panelText}>{t('header.desktopDesc')}</p>
      <Button variant="primary" block className={styles.panelAction} onClick={() => void add()}>
        {t('header.addToDesktop')}
      </Button>
    </Popover>
  );
}

function MessagesPopover() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { unread, items, loaded, failed, read, markAllRead } = useHeaderMessages();
  const choose = async (message: THeaderMessage) => {
    const to = messageTarget(message.newsType);
    if (to) setOpen(false);
    await read(message);
    if (to) void navigate({ to });
  };
  return (
    <Popover
      width={MESSAGES_POPOVER_WIDTH}
      label={t('header.messages')}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className={styles.iconButton} aria-label={t('header.messages')} title={t('header.messages')}>
          <Bell size={19} aria-hidden />
          {unread > 0 ? <span className={styles.badge}>{unread > 99 ? '99+' : unread}</span> : null}
        </button>
      }
    >
      <div className={styles.messagesHead}>
        <span className={styles.panelTitle}>
          {t('header.messages')}
          {unread > 0 ? ` · ${t('header.unread', { count: unread })}` : ''}
        </span>
        <button type="button" onClick={markAllRead} disabled={unread === 0}>
          {t('header.markAllRead')}
        </button>
      </div>
      {failed ? (
        <ErrorState compact title={t('header.messagesFailed')} />
      ) : !loaded ? (
        <LoadingState compact />
      ) : items.length === 0 ? (
        <EmptyState compact title={t('header.noMessages')} />
      ) : (
        items.map((message) => (
          <button key={message.id} type="button" className={styles.messageItem} data-read={message.read} onClick={() => void choose(message)}>
            {message.title}
            <span className={styles.messageTime}>{formatDateTime(message.createTime)}</span>
          </button>
        ))
      )}
      <Link to="/info.html" className={styles.messagesAll} onClick={() => setOpen(false)}>
        {t('header.allMessages')}
      </Link>
    </Popover>
  );
}

export function Avatar({ user, large }: { user: Pick<TUserInfo, 'username' | 'headImg'>; large?: boolean }) {
  return (
    <span className={`${styles.avatar} ${large ? styles.avatarLarge : ''}`} aria-hidden>
      {user.headImg ? <img src={user.headImg} alt="" /> : (user.username || '?').slice(0, 1).toUpperCase()}
    </span>
  );
}

export function AvatarMenu({ user }: { user: TUserInfo }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const { logout } = useSession();
  const links = [
    { to: '/activeManagement.html', icon: LayoutDashboard, label: t('header.activity') },
    { to: '/info.html', icon: UserRound, label: t('header.account') },
    { to: '/member/index.html', icon: Crown, label: t('header.member') },
    { to: '/collection.html', icon: Star, label: t('header.collection') },
    { to: '/myDownload.html', icon: Download, label: t('header.download') },
    { to: '/email.html', icon: BookUser, label: t('header.contacts') },
  ];
  return (
    <DropdownMenu
      width={240}
      trigger={
        <button type="button" className={styles.avatarButton} aria-label={t('header.openMenu')}>
          <Avatar user={user} />
          <span className={styles.userName}>{user.username}</span>
          <ChevronDown size={14} aria-hidden />
        </button>
      }
    >
      <div className={styles.profile}>
        <Avatar user={user} large />
        <div>
          <div className={styles.profileName}>{user.username}</div>
          <span className={styles.memberTag}>
            <Crown size={12} aria-hidden />
            {user.memberName}
          </span>
        </div>
      </div>
      <DropdownItem asChild className={styles.coinRow}>
        <Link to="/coinList.html">
          <span>{t('header.myCoin', { coin: brand.coinName })}</span>
          <strong>{user.coin}</strong>
        </Link>
      </DropdownItem>
      {links.map(({ to, icon: Icon, label }) => (
        <DropdownItem key={to} asChild>
          <Link to={to}>
            <Icon aria-hidden />
            {label}
          </Link>
        </DropdownItem>
      ))}
      <DropdownSeparator />
      <DropdownItem onSelect={() => void logout()}>
        <LogOut aria-hidden />
        {t('header.logout')}
      </DropdownItem>
    </DropdownMenu>
  );
}

/** Logged in (spec §2): contacts on work pages, desktop client, customer service, bell, avatar menu. */
export function UserActions({ user, workPage }: { user: TUserInfo; workPage: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {workPage ? (
        <Link to="/email.html" className={`${styles.iconButton} ${styles.optional}`}>
          <BookUser size={18} aria-hidden />
          {t('header.contacts')}
        </Link>
      ) : (
        // Below 560 px the header's 菜单 drawer leads to 工作台 too: the button gives way so the avatar fits at 360 px.
        <Button variant="soft" size="sm" className={styles.optional} asChild>
          <Link to="/activeManagement.html">{t('header.workbench')}</Link>
        </Button>
      )}
      <DesktopPopover />
      <Popover
        width={240}
        label={t('header.serviceTitle')}
        trigger={
          <button type="button" className={`${styles.iconButton} ${styles.optional}`} aria-label={t('header.service')} title={t('header.service')}>
            <Headset size={19} aria-hidden />
          </button>
        }
      >
        <LazyServicePanel />
      </Popover>
      <MessagesPopover />
      <AvatarMenu user={user} />
    </>
  );
}
