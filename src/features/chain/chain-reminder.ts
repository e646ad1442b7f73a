/** Month, day and time in Asia/Shanghai (UTC+8, no summer time) as a group message writes them: 11月30日 18:00. */
export function reminderDeadline(iso: string): string {
  const shanghai = new Date(Date.parse(iso) + 8 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${shanghai.getUTCMonth() + 1}月${shanghai.getUTCDate()}日 ${pad(shanghai.getUTCHours())}:${pad(shanghai.getUTCMinutes())}`;
}

/**
 * The reminder a creator pastes into the group: everyone still missing with an @ (as group chats mention people),
 * the deadline when the chain has one and it is still ahead, and the chain's link when given.
 * "@张三 @李四 还没接龙，截止 11月30日 18:00，请尽快接龙～"
 */
export function chainReminder(missing: readonly string[], deadline: string | null, now: Date, link = ''): string {
  if (!missing.length) return '';
  const names = missing.map((name) => `@${name}`).join(' ');
  const open = deadline && new Date(deadline).getTime() > now.getTime();
  const text = `${names} 还没接龙${open ? `，截止 ${reminderDeadline(deadline)}` : ''}，请尽快接龙～`;
  return link ? `${text}\n${link}` : text;
}
