import type { FastifyRequest } from 'fastify';
import { brandFromHost, type TBrand } from '../../schemas/brands';

export const requestBrand = (request: FastifyRequest): TBrand => brandFromHost(request.headers.host);

/** The page origin the request came from, for links (QR codes, invitations). */
export function requestOrigin(request: FastifyRequest): string {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && /^https?:\/\/[^/]+$/.test(origin)) return origin;
  return `${request.protocol}://${request.headers.host ?? 'localhost'}`;
}
