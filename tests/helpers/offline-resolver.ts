import { lookup } from 'node:dns/promises';

/**
 * The test apps' webhook host resolver: the machines running the tests have no network, so names under example.com
 * (the tests' public receivers) answer a public address, `localhost` the loopback one, and anything else goes to
 * node:dns as in production.
 */
export async function offlineResolver(host: string): Promise<{ address: string; family: number }[]> {
  if (host === 'example.com' || host.endsWith('.example.com')) return [{ address: '93.184.216.34', family: 4 }];
  if (host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  return lookup(host, { all: true, verbatim: true });
}
