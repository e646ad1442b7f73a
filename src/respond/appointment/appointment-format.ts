import type { TBookingState } from '../../../schemas/appointment/booking-states';

/**
 * How a slot reads on the phone. A slot's date and times are wall-clock values in the project's zone already
 * (the server computed them from the schedule), so they are shown as they are, never through the phone's zone;
 * a zone other than Beijing time is named.
 */
const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const ZONE_NAMES: Record<string, string> = {
  'Asia/Shanghai': '北京时间',
  'Asia/Hong_Kong': '香港时间',
  'Asia/Taipei': '台北时间',
  'Asia/Singapore': '新加坡时间',
  'Asia/Tokyo': '东京时间',
  UTC: '协调世界时',
};

export const weekdayName = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
export const monthDay = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;
export const fullDate = (date: string) => `${date.slice(0, 4)}年${monthDay(date)} ${weekdayName(date)}`;
export const zoneName = (zone: string) => ZONE_NAMES[zone] ?? zone;
export const zoneNote = (zone: string) => (zone === 'Asia/Shanghai' ? '' : `（${zoneName(zone)}）`);

export function stateText(state: TBookingState, waitPosition: number, promoted: boolean): string {
  if (state === 'waitlisted') return waitPosition > 0 ? `候补第${waitPosition}位` : '候补中';
  if (state === 'booked') return promoted ? '已预约（候补转正）' : '已预约';
  return { cancelled: '已取消', checkedIn: '已到场', noShow: '未到场' }[state];
}

export const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
