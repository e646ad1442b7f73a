/**
 * 答题白名单 on the answering page: the gate's proof token (active/write/checkWhite), kept for this tab per project
 * until it expires; getQuestion and submit send it, and a refused one is dropped so the gate shows again.
 */
const keyOf = (questionId: string) => `wj_white_${questionId}`;

export function storedWhiteToken(questionId: string): string | null {
  try {
    const raw = sessionStorage.getItem(keyOf(questionId));
    if (!raw) return null;
    const kept = JSON.parse(raw) as { token?: unknown; until?: unknown };
    return typeof kept.token === 'string' && typeof kept.until === 'number' && kept.until > Date.now() ? kept.token : null;
  } catch {
    return null;
  }
}

export function keepWhiteToken(questionId: string, token: string, expiresIn: number): void {
  try {
    sessionStorage.setItem(keyOf(questionId), JSON.stringify({ token, until: Date.now() + expiresIn * 1000 }));
  } catch {
    // Private mode: the page passes the gate again after a reload.
  }
}

export function forgetWhiteToken(questionId: string): void {
  try {
    sessionStorage.removeItem(keyOf(questionId));
  } catch {
    // Nothing was kept.
  }
}

/** The submit's field, when the page holds a proof. */
export const whiteTokenField = (questionId: string): { whitelistToken?: string } => {
  const token = storedWhiteToken(questionId);
  return token ? { whitelistToken: token } : {};
};
