import { useCallback, useState } from 'react';
import { asRecord, type TWidgetProps } from '../widgets/shared';
import { SlotPicker, type TSlotChoice } from './slot-picker';

const complete = (v: Partial<TSlotChoice>): v is TSlotChoice =>
  typeof v.date === 'string' && typeof v.start === 'string' && typeof v.end === 'string' && typeof v.resourceKey === 'string';

/**
 * Subject 37 on a project with an appointment schedule: the live calendar and slots (slot-picker.tsx). The answer
 * is the whole choice (calendar, date, start, end, party size, waitlist accepted) once a slot is chosen, and
 * empty until then; the server books it with the sheet.
 */
export function ScheduledAppointment({
  value,
  onChange,
  labelledBy,
  describedBy,
  questionId,
}: Pick<TWidgetProps, 'value' | 'onChange' | 'labelledBy' | 'describedBy'> & { questionId: string }) {
  const [choice, setChoice] = useState<Partial<TSlotChoice>>(() => asRecord<never>(value) as Partial<TSlotChoice>);
  const change = useCallback(
    (next: Partial<TSlotChoice>) => {
      setChoice(next);
      onChange(
        complete(next)
          ? {
              resourceKey: next.resourceKey,
              date: next.date,
              start: next.start,
              end: next.end,
              partySize: next.partySize ?? 1,
              waitlist: Boolean(next.waitlist),
            }
          : null,
      );
    },
    [onChange],
  );
  return (
    <div className="r-appoint" aria-describedby={describedBy}>
      <SlotPicker questionId={questionId} value={choice} onChange={change} labelledBy={labelledBy} />
    </div>
  );
}
