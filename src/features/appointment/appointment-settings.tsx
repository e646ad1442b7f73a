import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TSettingView } from '../../../schemas/api/appointment';
import { ZSchedule, type TSchedule, type TScheduleInput } from '../../../schemas/appointment/schedule';
import { appointmentKeys, saveAppointmentSetting } from '../../api/appointment';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { AppointmentExceptionsCard } from './appointment-exceptions-card';
import { addDays, shanghaiToday } from './appointment-format';
import { AppointmentResourcesCard } from './appointment-resources-card';
import { AppointmentRulesCard } from './appointment-rules-card';
import styles from './appointment-styles';
import { WeeklyEditor } from './weekly-editor';

type TDraft = TSchedule;

/** A first schedule for a project without one: weekdays 09:00–11:00 and 14:00–16:00 in two slots, next 30 days. */
export function starterSchedule(): TDraft {
  const today = shanghaiToday();
  const slots = [
    { start: '09:00', end: '10:00', capacity: 5 },
    { start: '10:00', end: '11:00', capacity: 5 },
    { start: '14:00', end: '15:00', capacity: 5 },
    { start: '15:00', end: '16:00', capacity: 5 },
  ];
  return ZSchedule.parse({
    startDate: today,
    endDate: addDays(today, 30),
    weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, slots })),
  } satisfies TScheduleInput);
}

/**
 * 预约设置: the weekly template (days, slots with capacity), the open date range, party size, booking window, time
 * zone, reminders, date exceptions and resources (rooms, staff) with their own weekly slots. Saved as a whole
 * through saveSetting over the version read (a save from another tab in between is refused).
 */
export function AppointmentSettings({ questionId, view, canEdit }: { questionId: string; view: TSettingView; canEdit: boolean }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<TDraft>(() => view.schedule ?? starterSchedule());
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  const disabled = !canEdit || saving;
  const set = (patch: Partial<TDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const save = () => {
    const parsed = ZSchedule.safeParse(draft);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? '设置有误，请检查');
      return;
    }
    setProblem('');
    setSaving(true);
    saveAppointmentSetting({ questionId, schedule: parsed.data, version: view.version })
      .then((saved) => {
        toast.success(view.schedule ? '预约设置已保存' : '预约设置已保存，可以发布项目开始预约了');
        client.setQueryData(appointmentKeys.setting(questionId), saved);
        void client.invalidateQueries({ queryKey: appointmentKeys.all(questionId) });
      })
      .catch(() => {})
      .finally(() => setSaving(false));
  };

  return (
    <div className={styles.stack}>
      {!view.schedule ? <p className={styles.notice}>还没有设置预约时间。下面是一份常用的示例（工作日上午、下午各两个时段），按需修改后保存。</p> : null}
      {!canEdit ? <p className={styles.notice}>你只有查看权限，不能修改预约设置。</p> : null}
      <AppointmentRulesCard draft={draft} disabled={disabled} set={set} />

      <section className={styles.card} aria-label="每周时段">
        <div className={styles.cardHead}>
          <h2 className={styles.cardTitle}>每周时段</h2>
          {draft.resources.length ? <span className={styles.hint}>已添加资源，按各资源自己的时段预约，这里的时段不再使用</span> : null}
        </div>
        <WeeklyEditor weekly={draft.weekly} disabled={disabled} name="" onChange={(weekly) => set({ weekly })} />
      </section>

      <AppointmentExceptionsCard draft={draft} disabled={disabled} set={set} />
      <AppointmentResourcesCard draft={draft} disabled={disabled} set={set} />

      {canEdit ? (
        <div className={styles.saveBar}>
          {problem ? (
            <span className={styles.error} role="alert">
              {problem}
            </span>
          ) : null}
          <Button variant="primary" disabled={saving} onClick={save}>
            {saving ? '保存中…' : '保存预约设置'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
