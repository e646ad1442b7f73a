/**
 * 互助空间 (issue 51 item 4): /mutual.html opens a project with ?space={releaseId}. The release is kept for this tab
 * per project, so the submit names it after a reload too; the server alone decides whether the sheet earns.
 */
const keyOf = (questionId: string) => `wj_space_${questionId}`;

export function keepSpaceRelease(questionId: string, search: URLSearchParams): void {
  const space = search.get('space');
  if (!space) return;
  try {
    sessionStorage.setItem(keyOf(questionId), space);
  } catch {
    // Private mode: the release is read from the address again.
  }
}

function storedRelease(questionId: string): string | null {
  const fromAddress = new URLSearchParams(location.search).get('space');
  try {
    return fromAddress ?? sessionStorage.getItem(keyOf(questionId));
  } catch {
    return fromAddress;
  }
}

/** The submit's field, when the page came from the mutual space. */
export const spaceReleaseField = (questionId: string): { spaceReleaseId?: string } => {
  const id = storedRelease(questionId);
  return id ? { spaceReleaseId: id.slice(0, 64) } : {};
};
