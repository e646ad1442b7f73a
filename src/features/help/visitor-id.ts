const KEY = 'wj-help-visitor';

/** This browser's own key for 有用/没用 (one vote per visitor and article); kept across visits. */
export function visitorId(): string {
  try {
    const known = localStorage.getItem(KEY);
    if (known && /^[\w-]{8,64}$/.test(known)) return known;
    const made = crypto.randomUUID();
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    return crypto.randomUUID();
  }
}

const votedKey = (articleId: number) => `${KEY}:voted:${articleId}`;

/** What this browser voted on an article (to show it again on the next visit). */
export function rememberedVote(articleId: number): 'useful' | 'useless' | null {
  try {
    const value = localStorage.getItem(votedKey(articleId));
    return value === 'useful' || value === 'useless' ? value : null;
  } catch {
    return null;
  }
}

export function rememberVote(articleId: number, voted: 'useful' | 'useless'): void {
  try {
    localStorage.setItem(votedKey(articleId), voted);
  } catch {
    // Private mode: the server still counts the vote once.
  }
}
