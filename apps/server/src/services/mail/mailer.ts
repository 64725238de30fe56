import nodemailer from 'nodemailer';
import type { AppContext } from '../../context';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends one e-mail through SMTP_URL. Answers whether it was sent: false when no SMTP server is set or the
 * server refused it (logged), so the caller can still show what the mail would have carried.
 */
export async function sendMail(ctx: Pick<AppContext, 'config' | 'log'>, mail: Mail): Promise<boolean> {
  const settings = ctx.config.mail;
  if (!settings) return false;
  // One transport a mail: invitations are rare, and a pooled connection would outlive a server restart's config.
  const transport = nodemailer.createTransport({
    url: settings.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    await transport.sendMail({ from: settings.from, ...mail });
    return true;
  } catch (error) {
    ctx.log.warn({ err: error, to: mail.to }, 'e-mail not sent');
    return false;
  } finally {
    transport.close();
  }
}
