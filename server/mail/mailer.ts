export type Mail = { to: string; subject: string; text: string };

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export type SentMail = Mail & { links: string[]; sentAt: string };

type Log = (line: string) => void;

const MAX_KEPT = 1000;
const LINK = /https?:\/\/[^\s<>"')]+/g;

/**
 * Keeps every mail in memory (newest first) and prints it, so developers and tests can follow
 * reset links without a mail server. Used whenever the dev endpoints are on (GET /dev/mail).
 */
export class MemoryMailer implements Mailer {
  private sent: SentMail[] = [];

  constructor(
    private readonly log: Log = console.log,
    private readonly now: () => number = Date.now,
  ) {}

  async send(mail: Mail): Promise<void> {
    const entry: SentMail = { ...mail, links: mail.text.match(LINK) ?? [], sentAt: new Date(this.now()).toISOString() };
    this.sent.unshift(entry);
    // A dev server may run for days; the oldest mail is the least interesting.
    this.sent.length = Math.min(this.sent.length, MAX_KEPT);
    this.log(`[mail] to ${mail.to}: ${mail.subject}\n${mail.text}`);
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
 * Production stand-in until a real transport (SMTP) is configured: it only records that a mail
 * would have gone out. The body is left out on purpose: it carries a live reset token, and
 * logs are kept and shared more widely than mailboxes.
 */
export class ConsoleMailer implements Mailer {
  constructor(private readonly log: Log = console.warn) {}

  async send(mail: Mail): Promise<void> {
    this.log(`[mail] no mail transport configured; not delivered to ${mail.to}: ${mail.subject}`);
  }
}

export function createMailer(options: { devEndpoints: boolean }): Mailer {
  return options.devEndpoints ? new MemoryMailer() : new ConsoleMailer();
}
