/** Times in Asia/Shanghai (the project's zone) for the creator's screens: chains, check-ins, group buys, appointments. */
const TIME = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

export const shanghaiTime = (iso: string): string => TIME.format(new Date(iso)).replace(/\//g, '-');

/** An ISO time as the date-time field's value (`YYYY-MM-DDTHH:mm`, Shanghai). */
export const toFieldValue = (iso: string | null): string => {
  if (!iso) return '';
  const shifted = new Date(Date.parse(iso) + 8 * 3_600_000).toISOString();
  return shifted.slice(0, 16);
};

/** The field's value (Shanghai wall time) as an ISO instant. */
export const fromFieldValue = (value: string): string | null => (value ? new Date(`${value}:00+08:00`).toISOString() : null);
