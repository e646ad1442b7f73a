/** The login token lives in a cookie on the brand's own domain for 7 days (spec §9). */
const NAME = 'token';
const SEVEN_DAYS = 7 * 24 * 60 * 60;

export function readToken(): string | null {
  if (typeof document === 'undefined') return null;
  const hit = document.cookie.split('; ').find((part) => part.startsWith(`${NAME}=`));
  return hit ? decodeURIComponent(hit.slice(NAME.length + 1)) : null;
}

export function writeToken(token: string): void {
  document.cookie = `${NAME}=${encodeURIComponent(token)}; path=/; max-age=${SEVEN_DAYS}; samesite=lax`;
}

export function clearToken(): void {
  document.cookie = `${NAME}=; path=/; max-age=0; samesite=lax`;
}
