import { useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TSettingView } from '../../../schemas/api/appointment';
import { TIME_ZONES, ZSchedule, type TException, type TSchedule, type TScheduleInput } from '../../../schemas/appointment/schedule';
import { appointmentKeys, saveAppointmentSetting } from '../../api/appointment';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { addDays, shanghaiToday } from './appointment-format';
import styles from './appointment-styles';
import { SlotFields, WeeklyEditor } from './weekly-editor';

type TDraft = TSchedule;

const ZONE_NAMES: Record<string, string> = {
  'Asia/Shanghai': '北京时间（Asia/Shanghai）',
  'Asia/Hong_Kong': '香港时间（Asia/Hong_Kong）',
  'Asia/Taipei': '台北时间（Asia/Taipei）',
  'Asia/Singapore': '新加坡时间（Asia/Singapore）',
  'Asia/Tokyo': '东京时间（Asia/Tokyo）',
  UTC: '协调世界时（UTC）',
};

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

const EXCEPTION_KINDS: { kind: TException['kind']; label: string }[] = [
  { kind: 'closed', label: '当天不开放' },
  { kind: 'capacity', label: '调整某时段名额' },
  { kind: 'extra', label: '增加时段' },
];

function newException(kind: TException['kind'], date: string, resourceKey: string | undefined): TException {
  if (kind === 'closed') return { kind, date, resourceKey };
  if (kind === 'capacity') return { kind, date, start: '09:00', capacity: 1, resourceKey };
  return { kind, date, slot: { start: '18:00', end: '19:00', capacity: 5 }, resourceKey };
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
  const setException = (i: number, next: TException | null) =>
    set({ exceptions: next ? draft.exceptions.map((e, j) => (j === i ? next : e)) : draft.exceptions.filter((_, j) => j !== i) });

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
      <section className={styles.card} aria-label="基本规则">
        <h2 className={styles.cardTitle}>基本规则</h2>
        <div className={styles.fields}>
          <label className={styles.field}>
            开放开始日期
            <input className={styles.input} type="date" value={draft.startDate} disabled={disabled} onChange={(e) => set({ startDate: e.target.value })} />
          </label>
          <label className={styles.field}>
            开放结束日期
            <input className={styles.input} type="date" value={draft.endDate} disabled={disabled} onChange={(e) => set({ endDate: e.target.value })} />
          </label>
          <label className={styles.field}>
            时区
            <select
              className={styles.select}
              value={draft.timeZone}
              disabled={disabled}
              onChange={(e) => set({ timeZone: e.target.value as TDraft['timeZone'] })}
            >
              {TIME_ZONES.map((zone) => (
                <option key={zone} value={zone}>
                  {ZONE_NAMES[zone] ?? zone}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            每次预约最多人数
            <input
              className={styles.input}
              type="number"
              min={1}
              value={draft.partySizeMax}
              disabled={disabled}
              onChange={(e) => set({ partySizeMax: Number(e.target.value) })}
            />
          </label>
          <label className={styles.field}>
            最多提前预约（天）
            <input
              className={styles.input}
              type="number"
              min={0}
              value={draft.window.daysAhead}
              disabled={disabled}
              onChange={(e) => set({ window: { ...draft.window, daysAhead: Number(e.target.value) } })}
            />
            <small>0 表示只能预约当天</small>
          </label>
          <label className={styles.field}>
            截止时间（开始前分钟）
            <input
              className={styles.input}
              type="number"
              min={0}
              value={draft.window.cutoffMinutes}
              disabled={disabled}
              onChange={(e) => set({ window: { ...draft.window, cutoffMinutes: Number(e.target.value) } })}
            />
            <small>时段开始前多少分钟停止预约</small>
          </label>
          <label className={styles.field}>
            短信提醒（开始前分钟）
            <input
              className={styles.input}
              type="number"
              min={0}
              value={draft.reminderMinutes}
              disabled={disabled}
              onChange={(e) => set({ reminderMinutes: Number(e.target.value) })}
            />
            <small>给留了手机号的预约人发提醒，0 表示不提醒</small>
          </label>
        </div>
      </section>

      <section className={styles.card} aria-label="每周时段">
        <div className={styles.cardHead}>
          <h2 className={styles.cardTitle}>每周时段</h2>
          {draft.resources.length ? <span className={styles.hint}>已添加资源，按各资源自己的时段预约，这里的时段不再使用</span> : null}
        </div>
        <WeeklyEditor weekly={draft.weekly} disabled={disabled} name="" onChange={(weekly) => set({ weekly })} />
      </section>

      <section className={styles.card} aria-label="例外日期">
        <div className={styles.cardHead}>
          <h2 className={styles.cardTitle}>例外日期</h2>
          <span className={styles.hint}>节假日不开放、某天加开时段或调整名额</span>
        </div>
        {draft.exceptions.length ? (
          draft.exceptions.map((e, i) => (
            <div key={i} className={styles.row} data-testid="appointment-exception">
              <input
                className={styles.input}
                type="date"
                value={e.date}
                disabled={disabled}
                aria-label={`例外${i + 1}日期`}
                onChange={(ev) => setException(i, { ...e, date: ev.target.value })}
              />
              <select
                className={styles.select}
                value={e.kind}
                disabled={disabled}
                aria-label={`例外${i + 1}类型`}
                onChange={(ev) => setException(i, newException(ev.target.value as TException['kind'], e.date, e.resourceKey))}
              >
                {EXCEPTION_KINDS.map((k) => (
                  <option key={k.kind} value={k.kind}>
                    {k.label}
                  </option>
                ))}
              </select>
              {e.kind === 'capacity' ? (
                <>
                  <span className={styles.muted}>时段开始</span>
                  <input
                    className={`${styles.input} ${styles.time}`}
                    type="time"
                    value={e.start}
                    disabled={disabled}
                    aria-label={`例外${i + 1}时段开始`}
                    onChange={(ev) => setException(i, { ...e, start: ev.target.value })}
                  />
                  <span className={styles.muted}>名额改为</span>
                  <input
                    className={`${styles.input} ${styles.num}`}
                    type="number"
                    min={1}
                    value={e.capacity}
                    disabled={disabled}
                    aria-label={`例外${i + 1}名额`}
                    onChange={(ev) => setException(i, { ...e, capacity: Number(ev.target.value) })}
                  />
                </>
              ) : null}
              {e.kind === 'extra' ? (
                <SlotFields slot={e.slot} disabled={disabled} label={`例外${i + 1}`} onChange={(slot) => setException(i, { ...e, slot })} />
              ) : null}
              {draft.resources.length ? (
                <select
                  className={styles.select}
                  value={e.resourceKey ?? ''}
                  disabled={disabled}
                  aria-label={`例外${i + 1}适用资源`}
                  onChange={(ev) => setException(i, { ...e, resourceKey: ev.target.value || undefined })}
                >
                  <option value="">全部资源</option>
                  {draft.resources.map((r) => (
                    <option key={r.key} value={r.key}>
                      {r.name || r.key}
                    </option>
                  ))}
                </select>
              ) : null}
              <Button variant="ghost" size="sm" icon disabled={disabled} aria-label={`删除例外${i + 1}`} onClick={() => setException(i, null)}>
                <Trash2 size={14} aria-hidden />
              </Button>
            </div>
          ))
        ) : (
          <p className={styles.hint}>没有例外日期，每周按上面的时段开放。</p>
        )}
        <div>
          <Button
            variant="ghost"
            size="sm"
            disabled={disabled}
            onClick={() => set({ exceptions: [...draft.exceptions, newException('closed', draft.startDate, undefined)] })}
          >
            <Plus size={14} aria-hidden />
            添加例外日期
          </Button>
        </div>
      </section>

      <section className={styles.card} aria-label="资源">
        <div className={styles.cardHead}>
          <h2 className={styles.cardTitle}>资源（房间、人员）</h2>
          <span className={styles.hint}>添加后，预约人先选资源再选时段，每个资源的名额单独计算</span>
        </div>
        {draft.resources.map((r, i) => (
          <div key={i} className={styles.resource} data-testid="appointment-resource">
            <div className={styles.row}>
              <input
                className={styles.input}
                value={r.name}
                placeholder="名称，如 1 号诊室"
                disabled={disabled}
                aria-label={`资源${i + 1}名称`}
                onChange={(e) => set({ resources: draft.resources.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)) })}
              />
              <input
                className={styles.input}
                value={r.key}
                placeholder="编号，如 room1"
                disabled={disabled}
                aria-label={`资源${i + 1}编号`}
                onChange={(e) => set({ resources: draft.resources.map((x, j) => (j === i ? { ...x, key: e.target.value } : x)) })}
              />
              <Button
                variant="ghost"
                size="sm"
                disabled={disabled}
                aria-label={`删除资源${i + 1}`}
                onClick={() => set({ resources: draft.resources.filter((_, j) => j !== i) })}
              >
                <Trash2 size={14} aria-hidden />
                删除
              </Button>
            </div>
            <WeeklyEditor
              weekly={r.weekly}
              disabled={disabled}
              name={r.name || `资源${i + 1}`}
              onChange={(weekly) => set({ resources: draft.resources.map((x, j) => (j === i ? { ...x, weekly } : x)) })}
            />
          </div>
        ))}
        <div>
          <Button
            variant="ghost"
            size="sm"
            disabled={disabled}
            onClick={() =>
              set({
                resources: [...draft.resources, { key: `r${draft.resources.length + 1}`, name: '', weekly: draft.weekly }],
              })
            }
          >
            <Plus size={14} aria-hidden />
            添加资源
          </Button>
        </div>
      </section>

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
