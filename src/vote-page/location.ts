/** /v/{voteId}: the vote's public id is the path segment after /v/. */
export function voteIdFromPath(pathname: string): string {
  const m = /^\/v\/([^/?#]+)/.exec(pathname);
  return m ? decodeURIComponent(m[1]!) : '';
}

/** The page's own address without query or hash: what the share poster's QR code and the login return to. */
export const pageUrl = (loc: { origin: string; pathname: string }) => `${loc.origin}${loc.pathname}`;

/** The player a shared link points at (`?playerId=`, the share poster's link): their detail opens first. */
export function playerIdFromSearch(search: string): string | null {
  const id = new URLSearchParams(search).get('playerId');
  return id && /^[\w-]{8,64}$/.test(id) ? id : null;
}
