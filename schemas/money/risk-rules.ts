/**
 * 风控筛查 (issue 46): the rules of the paid screening and the reasons a sheet is suspect, shared by the server
 * (which writes the reason) and the report (which shows it on the 可疑 tag).
 */

/** Same IP: this many sheets of one IP (the sheet and those before it) within the window flag the sheet. */
export const RISK_IP_SHEETS = 3;
export const RISK_IP_WINDOW_MINUTES = 10;

/** The reason each screening rule writes; several that apply are joined with '；'. */
export const RISK_REASONS = {
  device: '同一设备重复提交',
  user: '同一用户重复提交',
  content: '与其他答卷内容相同',
  ip: '同一IP短时间内多次提交',
} as const;

/** The reasons the free rules write when a sheet is submitted, and a creator's own flag. */
export const SUBMIT_SUSPECT_REASONS = {
  fast: '答题过快',
  straight: '答案规律一致',
  late: '超时提交',
  manual: '手动标记',
} as const;

/** Joins reasons for suspect_reason. */
export const REASON_SEPARATOR = '；';

/** What the 可疑 tag says for a suspect sheet without a stored reason (sheets flagged before reasons were kept). */
export const UNKNOWN_SUSPECT_REASON = '系统规则判定';
