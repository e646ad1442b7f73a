import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { ExternalLink, PencilLine } from 'lucide-react';
import { hasPower, PROJECT_KINDS, PROJECT_STATUS } from '../../../schemas/project-kinds';
import { appointmentBookingsQuery, appointmentSettingQuery, exportAppointmentBookings } from '../../api/appointment';
import { questionInfoQuery } from '../../api/question';
import { projectHref } from '../../app/kinds';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { Tabs } from '../../ui/tabs';
import { AppointmentBookings } from './appointment-bookings';
import { AppointmentSettings } from './appointment-settings';
import { AppointmentStatementPanel } from './appointment-statement';
import styles from './appointment-styles';
import { ManageHeader, ManagePage } from '../../ui/manage-page';
import { ExportJobButton, ExportJobNotice, useExportJob } from '../../ui/export-job';

const TABS = ['bookings', 'statement', 'settings'] as const;
type TTab = (typeof TABS)[number];

/**
 * /questionnaire/appointManage.html?questionId=…[&tab=bookings|statement|settings]: the creator's screen of an
 * appointment project (questionType 7) — bookings by day and slot with check-in, no-show, move and cancel; the
 * statement; the schedule settings. Actions show by the caller's power (the server checks them again).
 */
export function AppointmentManagePage() {
  const search = useLocation({ select: (l) => l.search as Record<string, unknown> });
  const navigate = useNavigate();
  const questionId = String(search.questionId ?? '');
  const info = useQuery(questionInfoQuery(questionId));
  const setting = useQuery(appointmentSettingQuery(questionId));
  const bookings = useQuery(appointmentBookingsQuery(questionId));
  const exportJob = useExportJob(() => exportAppointmentBookings(questionId));
  if (!questionId) return <EmptyState title="缺少项目编号" />;
  if (info.isPending || setting.isPending) return <LoadingState />;
  if (info.isError) return <ErrorState title="项目加载失败" description={info.error.message} />;
  if (setting.isError) return <ErrorState title="预约设置加载失败" description={setting.error.message} />;
  const project = info.data;
  const canEdit = hasPower(project.powerType, 'edit');
  const canReport = hasPower(project.powerType, 'report');
  const schedule = setting.data.schedule;
  const asked = TABS.find((t) => t === search.tab);
  const tab: TTab = asked && (asked !== 'statement' || canReport) ? asked : schedule ? 'bookings' : 'settings';
  const setTab = (next: string) => void navigate({ to: '/questionnaire/appointManage.html', search: { questionId, tab: next }, replace: true });
  const live = project.status === PROJECT_STATUS.published;
  const counted = bookings.data?.list.filter((b) => b.state !== 'cancelled').length ?? 0;

  const bookingsTab = !schedule ? (
    <EmptyState title="还没有设置预约时间" description="先在「预约设置」里设置每周的时段和名额，发布后就能收到预约。" />
  ) : bookings.isPending ? (
    <LoadingState />
  ) : bookings.isError ? (
    <ErrorState title="预约记录加载失败" description={bookings.error.message} />
  ) : (
    <AppointmentBookings questionId={questionId} schedule={schedule} bookings={bookings.data.list} canEdit={canEdit} />
  );

  return (
    <ManagePage>
      <ManageHeader
        back={{ to: PROJECT_KINDS.appoint.manage, label: '返回预约列表' }}
        title={project.title}
        meta={
          <>
            <p className={styles.sub} data-testid="appointment-head">
              {live ? '预约进行中' : '未发布，预约人暂时不能预约'} · {counted} 个有效预约
            </p>
          </>
        }
        actions={
          <>
            {canReport && schedule ? <ExportJobButton job={exportJob} /> : null}
            {canEdit ? (
              <Button asChild variant="ghost">
                <Link to={projectHref.editor(questionId)}>
                  <PencilLine size={14} aria-hidden />
                  编辑表单
                </Link>
              </Button>
            ) : null}
            <Button asChild variant="ghost">
              <a href={`${location.origin}/s/${questionId}`} target="_blank" rel="noreferrer">
                <ExternalLink size={14} aria-hidden />
                打开预约页
              </a>
            </Button>
          </>
        }
      />
      <ExportJobNotice job={exportJob} detail="（预约记录和每日统计两张表）" />
      <Tabs
        label="预约管理"
        value={tab}
        onValueChange={setTab}
        tabs={[
          { value: 'bookings', label: '预约记录', content: bookingsTab },
          ...(canReport
            ? [{ value: 'statement', label: '预约统计', content: schedule ? <AppointmentStatementPanel questionId={questionId} /> : bookingsTab }]
            : []),
          {
            value: 'settings',
            label: '预约设置',
            content: <AppointmentSettings key={setting.data.version} questionId={questionId} view={setting.data} canEdit={canEdit} />,
          },
        ]}
      />
    </ManagePage>
  );
}
