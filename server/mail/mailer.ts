import { createTransport, type Transporter } from 'nodemailer';
import type { Config } from '../config';

/** Every mail has a plain-text part and an HTML part saying the same (server/mail/templates.ts). */
export type Mail = { to: string; subject: string; text: string; html: string };

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export type SentMail = Mail & { links: string[]; sentAt: string };

type Log = (line: string) => void;

const MAX_KEPT = 1000;
/** An http(s) address in a mail's text. */
export const LINK = /https?:\/\/[^\s<>"')]+/g;

/**
 * Keeps every mail in memory (newest first), so a person (GET /dev/outbox) and the
 * tests (GET /dev/mail) can follow reset links without a mail server. Used whenever the dev
 * endpoints are on; with SMTP_URL set too, each mail is also handed on to that transport.
 */
export class MemoryMailer implements Mailer {
  private sent: SentMail[] = [];

  constructor(
    private readonly log: Log = console.log,
    private readonly now: () => number = Date.now,
    private readonly forward?: Mailer,
  ) {}

  async send(mail: Mail): Promise<void> {
    const entry: SentMail = { ...mail, links: mail.text.match(LINK) ?? [], sentAt: new Date(this.now()).toISOString() };
    this.sent.unshift(entry);
    // A dev server may run for days; the oldest mail is the least interesting.
    this.sent.length = Math.min(this.sent.length, MAX_KEPT);
    // The subject only: the address is personal data and the body carries a live token.
    this.log(`[mail] kept in the outbox (GET /dev/outbox): ${mail.subject}`);
    await this.forward?.send(mail);
  }

  list(to?: string): SentMail[] {
    if (!to) return [...this.sent];
    const wanted = to.trim().toLowerCase();
    return this.sent.filter((mail) => mail.to.toLowerCase() === wanted);
  }

  clear(): void {
    this.sent = [];
  }
}

/**
 * Local mode with the dev endpoints turned off and no SMTP_URL: it only records that a mail
 * would have gone out. The body is left out on purpose: it carries a live reset token, and
 * logs are kept and shared more widely than mailboxes.
 */
export class ConsoleMailer implements Mailer {
  constructor(private readonly log: Log = console.warn) {}

  async send(mail: Mail): Promise<void> {
    this.log(`[mail] no mail transport configured; not delivered: ${mail.subject}`);
  }
}

/**
 * Sends through the SMTP server of one URL (`smtps://user:pass@host:465`, or `smtp://…:587`
 * upgraded with STARTTLS). `requireTls` refuses a server that cannot upgrade a plain connection;
 * the URL's own `?requireTLS=false` wins (a relay on the same host).
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    options: { url: string; from: string; requireTls: boolean },
    private readonly log: Log = console.log,
  ) {
    this.transport = createTransport(
      {
        url: options.url,
        requireTLS: options.requireTls,
        // A hung server must not hold sockets for nodemailer's default minutes.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      },
      { from: options.from },
    );
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    // The subject only: the address is personal data and the body carries a live token.
    this.log(`[mail] sent: ${mail.subject}`);
  }

  /** Connects and signs in without sending: resolves when the server would take mail. */
  async verify(): Promise<void> {
    await this.transport.verify();
  }
}

/**
 * SMTP when SMTP_URL is set (always in a deployment); the readable outbox whenever the dev
 * endpoints are on (local mode), in front of SMTP if both.
 */
export function createMailer(
  config: Pick<Config, 'devEndpoints' | 'deployment' | 'smtpUrl' | 'mailFrom'>,
  log: Log = console.log,
): Mailer {
  const smtp = config.smtpUrl
    ? new SmtpMailer({ url: config.smtpUrl, from: config.mailFrom, requireTls: config.deployment }, log)
    : undefined;
  if (config.devEndpoints) return new MemoryMailer(log, Date.now, smtp);
  return smtp ?? new ConsoleMailer(log);
}
