import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalSmtp } from '../helpers/local-smtp';

/**
 * The e2e's first lane sends e-mail through a real SMTP server on this machine (issue 50 item 3): the local SMTP
 * server of the server tests (tests/helpers/local-smtp.ts) starts in the serving process, SMTP_HOST/SMTP_PORT/
 * MAIL_FROM point the server at it, and what it received is read at GET /fake/mails (?to= one address) on a small
 * HTTP server of its own. The journeys find that server's origin in a file named after the lane's port
 * (fakeMailFile), since they run in other processes. Nothing of this is in the product.
 */
export const fakeMailFile = (serverPort: string | number) => join(tmpdir(), `wenjuan-e2e-mail-${serverPort}.json`);

export interface FakeMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  date: string;
}

export async function startFakeMail(serverPort: string): Promise<Record<string, string>> {
  const smtp = await startLocalSmtp();
  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method !== 'GET' || url.pathname !== '/fake/mails') {
      response.writeHead(404);
      return void response.end();
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const mails: FakeMail[] = smtp.messages
      .map((m, i) => ({
        to: smtp.envelopes[i] ?? [],
        from: m.from?.text ?? '',
        subject: m.subject ?? '',
        text: m.text ?? '',
        html: typeof m.html === 'string' ? m.html : '',
        date: (m.date ?? new Date()).toISOString(),
      }))
      .filter((m) => !to || m.to.includes(to));
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ mails }));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  writeFileSync(fakeMailFile(serverPort), JSON.stringify({ origin: `http://127.0.0.1:${port}` }));
  return { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: '0', MAIL_FROM: 'noreply@wenjuan.test' };
}
