import type { FastifyRequest } from 'fastify';

const isLoopback = (address: string | undefined): boolean => {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/i, '').replace(/^\[|\]$/g, '');
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
};

/** Loopback and private (RFC 1918, IPv6 unique-local) addresses: where a reverse proxy in front of us sits. */
export function isProxyPeer(address: string | undefined): boolean {
  if (isLoopback(address)) return true;
  const plain = (address ?? '').replace(/^::ffff:(?=\d+\.)/i, '');
  return /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)\d/.test(plain) || /^f[cd][0-9a-f]{2}:/i.test(plain);
}

/** Addresses named by forwarding headers, whoever wrote them (RFC 7239 `for=`, X-Forwarded-For, X-Real-IP). */
function forwardedAddresses(request: FastifyRequest): string[] {
  const out: string[] = [];
  const text = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(',') : (value ?? '');
  };
  for (const part of text('x-forwarded-for').split(',')) if (part.trim()) out.push(part.trim());
  if (text('x-real-ip').trim()) out.push(text('x-real-ip').trim());
  for (const match of text('forwarded').matchAll(/for=("[^"]*"|[^;,\s]+)/gi)) {
    const value = match[1]!.replace(/"/g, '');
    const bracketed = /^\[([^\]]+)\]/.exec(value);
    out.push(bracketed ? bracketed[1]! : value.split(':').length === 2 ? value.split(':')[0]! : value);
  }
  return out;
}

/**
 * A request from this machine: the socket peer, the client address under TRUST_PROXY and every address a
 * forwarding header names are loopback. A local reverse proxy relaying a remote client therefore does not
 * count as local even when TRUST_PROXY is not set.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  return isLoopback(request.socket.remoteAddress) && isLoopback(request.ip) && forwardedAddresses(request).every(isLoopback);
}
