import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import {
  addDays,
  APPOINTMENT_LIMITS,
  bookableSlot,
  calendarsOf,
  slotsBetween,
  todayIn,
  type TConcreteSlot,
  type TSchedule,
} from '../../../schemas/appointment/schedule';
import { PROJECT_KINDS } from '../../../schemas/project-kinds';
import type { TAppointmentSubject } from '../../../schemas/subjects/types/appointment';
import { appointmentSettingQuery } from '../../api/appointment';
import { projectHref } from '../../app/kinds';
import { cx } from '../../ui/cx';
import { TextField, type TCommit } from '../property-fields';
import panel from '../property-panel.module.css';
import { SlotsField } from '../fields';
import styles from '../preview.module.css';
import { WEEKDAYS } from '../preview-parts';
import type { TFieldContext, TLookProject } from '../subject-look';

// Subject 37 on an appointment project with a schedule (issue 22): the respondent books from the schedule, so the
// editor draws the schedule too; the subject's own weeks and times serve only projects without one.

/**
 * The project's schedule: undefined while unknown (no project, not an appointment project, loading, refused),
 * null when the project has none yet.
 */
function useProjectSchedule(project: TLookProject | undefined): TSchedule | null | undefined {
  const appointment = project?.questionType === PROJECT_KINDS.appoint.questionType;
  const { data } = useQuery({ ...appointmentSettingQuery(project?.questionId ?? ''), enabled: appointment });
  return appointment ? data?.schedule : undefined;
}

export interface TSlotDay {
  date: string;
  slots: TConcreteSlot[];
}

/** The next `count` dates of the first calendar with a slot that can still be booked at `now`, as the phone offers them. */
export function upcomingSlotDays(schedule: TSchedule, now: Date, count: number): TSlotDay[] {
  const calendar = calendarsOf(schedule)[0]!.key;
  const today = todayIn(schedule.timeZone, now);
  const days: TSlotDay[] = [];
  for (let i = 0; i <= Math.min(schedule.window.daysAhead, APPOINTMENT_LIMITS.maxRangeDays) && days.length < count; i++) {
    const date = addDays(today, i);
    const slots = slotsBetween(schedule, date, date).filter(
      (s) => s.resourceKey === calendar && 'slot' in bookableSlot(schedule, calendar, date, s.start, now),
    );
    if (slots.length) days.push({ date, slots });
  }
  return days;
}

const monthDay = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;
const weekday = (date: string) => `周${WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]}`;

/** A week of dates with slots and the first date's slots with their capacity (places taken are not known here). */
function SchedulePreview({ schedule }: { schedule: TSchedule }) {
  const days = useMemo(() => upcomingSlotDays(schedule, new Date(), 7), [schedule]);
  const first = days[0];
  return (
    <div className={styles.slots} data-testid="schedule-preview">
      {schedule.resources.length ? (
        <div className={styles.inline}>
          {schedule.resources.map((r, i) => (
            <span key={r.key} className={cx(styles.chip, i === 0 && styles.chipOn)}>
              {r.name}
            </span>
          ))}
        </div>
      ) : null}
      {first ? (
        <>
          <div className={styles.days}>
            {days.map((d) => (
              <span key={d.date} className={cx(styles.day, d === first && styles.dayOn)} data-date={d.date}>
                <small>{weekday(d.date)}</small>
                <strong>{monthDay(d.date)}</strong>
              </span>
            ))}
          </div>
          <div className={styles.inline}>
            {first.slots.map((s) => (
              <span key={s.start} className={styles.chip}>
                {s.start}–{s.end} · 可约{s.capacity}人
              </span>
            ))}
          </div>
        </>
      ) : (
        <p className={styles.note}>近期没有可预约的时段</p>
      )}
    </div>
  );
}

/** The subject's own weekdays and times: projects without a schedule, and outside the editor. */
function WeeklyChips({ subject }: { subject: TAppointmentSubject }) {
  return (
    <div className={styles.slots}>
      <div className={styles.inline}>
        {WEEKDAYS.map((d, i) => (
          <span key={d} className={cx(styles.chip, subject.weeks.includes(i + 1) && styles.chipOn)}>
            周{d}
          </span>
        ))}
      </div>
      <div className={styles.inline}>
        {subject.times.map((t) => (
          <span key={t.uuid} className={styles.chip}>
            {t.start}–{t.end}
          </span>
        ))}
      </div>
    </div>
  );
}

export function AppointmentPreview({ subject, project }: { subject: TAppointmentSubject; project?: TLookProject }) {
  const schedule = useProjectSchedule(project);
  return schedule ? <SchedulePreview schedule={schedule} /> : <WeeklyChips subject={subject} />;
}

/** The subject's own date range, weekdays and times (drawn here so that a schedule can replace them). */
function SubjectSlotFields({ subject, commit }: Pick<TFieldContext<TAppointmentSubject>, 'subject' | 'commit'>) {
  return (
    <>
      <TextField label="开始日期" value={subject.startDate} onCommit={commit('startDate') as TCommit<string | undefined>} />
      <TextField label="结束日期" value={subject.endDate} onCommit={commit('endDate') as TCommit<string | undefined>} />
      <SlotsField weeks={subject.weeks} times={subject.times} commit={commit} />
    </>
  );
}

/** With a schedule, its settings screen instead of the subject's own slot fields; without one yet, both. */
export function AppointmentFields({ subject, commit, project }: TFieldContext<TAppointmentSubject>) {
  const schedule = useProjectSchedule(project);
  const own = <SubjectSlotFields subject={subject} commit={commit} />;
  if (schedule === undefined || !project) return own;
  return (
    <>
      <div className={panel.field}>
        <span className={panel.hint}>时段、容量与候补在「预约设置」中管理</span>
        <Link to={projectHref.appointment(project.questionId, 'settings')} className={panel.linkButton}>
          {schedule ? '打开预约设置' : '去设置'}
        </Link>
      </div>
      {schedule ? null : own}
    </>
  );
}
