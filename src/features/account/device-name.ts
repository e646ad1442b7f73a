/** A readable name for a session's browser, from its user-agent (what the server recorded at login). */
const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/HarmonyOS/, '鸿蒙'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Linux/, 'Linux'],
];
const BROWSERS: Array<[RegExp, string]> = [
  [/MicroMessenger/, '微信'],
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

export function deviceName(userAgent: string | null): string {
  if (!userAgent) return '未知设备';
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const parts = [system, browser].filter(Boolean);
  return parts.length ? parts.join(' · ') : '未知设备';
}
