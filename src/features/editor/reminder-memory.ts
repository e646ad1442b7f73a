/**
 * Which collecting projects this browser tab has already been offered the modify reminder on opening (issue 43
 * item 2): reloading the editor or coming back to it does not open the 提示 dialog again — the banner stays, and
 * every subject or logic change still asks. Kept in sessionStorage (one tab's session); without it, once per load.
 */
const KEY = 'wj.editor.reminded';

function read(): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export const remindedBefore = (questionId: string): boolean => read().includes(questionId);

export function rememberReminded(questionId: string): void {
  try {
    const ids = read().filter((id) => id !== questionId);
    sessionStorage.setItem(KEY, JSON.stringify([...ids.slice(-49), questionId]));
  } catch {
    // Storage refused (private mode, full): the reminder is offered once per load instead.
  }
}
