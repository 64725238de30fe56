import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  mails: CapturedMail[];
  /** While true, every recipient is refused (a mail server that is down for us). */
  refuse: boolean;
  close(): Promise<void>;
}

/** A real SMTP server on a loopback port that keeps what it is sent, for tests of e-mails the server sends. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const capture: SmtpCapture = { url: '', mails: [], refuse: false, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (capture.refuse) callback(new Error('550 Mailbox unavailable'));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        capture.mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  capture.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  capture.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return capture;
}
