import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on this machine for the mail tests (issue 50 item 3): it accepts what it is sent and keeps each
 * message parsed by mailparser; recipients in `refuse` get a 550 (refused for good), in `later` a 451 (try again).
 */
export interface LocalSmtp {
  port: number;
  messages: ParsedMail[];
  /** Envelope recipients of each kept message, in the same order. */
  envelopes: string[][];
  refuse: Set<string>;
  later: Set<string>;
  /** The newest message to one address (waits up to `ms` for the first). */
  latest(to: string, ms?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

const replyError = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

export async function startLocalSmtp(): Promise<LocalSmtp> {
  const messages: ParsedMail[] = [];
  const envelopes: string[][] = [];
  const refuse = new Set<string>();
  const later = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'wenjuan' && auth.password === 'secret') callback(null, { user: auth.username });
      else callback(replyError(535, 'Authentication failed'));
    },
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (refuse.has(to)) return callback(replyError(550, `5.1.1 <${to}>: Recipient address rejected: User unknown`));
      if (later.has(to)) return callback(replyError(451, '4.7.1 Try again later'));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          envelopes.push(session.envelope.rcptTo.map((r) => r.address.toLowerCase()));
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    messages,
    envelopes,
    refuse,
    later,
    async latest(to, ms = 5_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = envelopes.findLastIndex((e) => e.includes(to.toLowerCase()));
        if (found >= 0) return messages[found]!;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
