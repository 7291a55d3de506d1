import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../config';
import { DEPLOYMENT_ENV } from '../test/deployment-env';
import { ConsoleMailer, createMailer, MemoryMailer, SmtpMailer, type Mail } from './mailer';

type Received = { from: string; to: string[]; auth?: string; data: string };

/**
 * Just enough of an SMTP server, in this process, to take mail from nodemailer: greeting,
 * EHLO (AUTH PLAIN; STARTTLS refused), MAIL, RCPT, DATA, QUIT.
 */
async function startSmtpSink() {
  const received: Received[] = [];
  const server: Server = createServer((socket) => {
    let current: Received = { from: '', to: [], data: '' };
    let inData = false;
    let buffered = '';
    const say = (line: string) => socket.write(`${line}\r\n`);
    socket.setEncoding('utf8');
    say('220 sink ESMTP');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let end: number;
      while ((end = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            say('250 queued');
          } else current.data += `${line.replace(/^\./, '')}\n`;
          continue;
        }
        const [verb, ...rest] = line.split(' ');
        switch (verb.toUpperCase()) {
          case 'EHLO':
            say('250-sink');
            say('250 AUTH PLAIN');
            break;
          case 'AUTH':
            current.auth = Buffer.from(rest[1] ?? '', 'base64')
              .toString('utf8')
              .split('\0')
              .slice(1)
              .join(':');
            say('235 accepted');
            break;
          case 'MAIL':
            current.from = line.replace(/^MAIL FROM:<([^>]*)>.*$/i, '$1');
            say('250 ok');
            break;
          case 'RCPT':
            current.to.push(line.replace(/^RCPT TO:<([^>]*)>.*$/i, '$1'));
            say('250 ok');
            break;
          case 'STARTTLS':
            say('454 TLS not available');
            break;
          case 'DATA':
            inData = true;
            say('354 go on');
            break;
          case 'QUIT':
            say('221 bye');
            socket.end();
            break;
          default:
            say('250 ok');
        }
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as AddressInfo).port, received, close: () => server.close() };
}

const MAIL: Mail = {
  to: 'rita@example.test',
  subject: 'Reset your password',
  text: 'Hello,\n\nhttp://app.test/reset-password/abc\n',
  html: '<p>Hello,</p><p><a href="http://app.test/reset-password/abc">Choose</a></p>',
};

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink?.close());

describe('SmtpMailer', () => {
  it('sends both parts through the server of SMTP_URL, signed in with its user and password', async () => {
    const lines: string[] = [];
    const mailer = new SmtpMailer(
      { url: `smtp://mailer:s3cret@127.0.0.1:${sink.port}`, from: 'Orbita <no-reply@orbita.test>', requireTls: false },
      (line) => lines.push(line),
    );
    await mailer.send(MAIL);
    const [got] = sink.received.splice(0);
    expect(got).toMatchObject({ from: 'no-reply@orbita.test', to: ['rita@example.test'], auth: 'mailer:s3cret' });
    expect(got.data).toMatch(/^From: Orbita <no-reply@orbita\.test>$/m);
    expect(got.data).toMatch(/^Subject: Reset your password$/m);
    expect(got.data).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(got.data).toMatch(/^Content-Type: text\/plain/m);
    expect(got.data).toMatch(/^Content-Type: text\/html/m);
    // The log says what, never to whom (personal data) nor the body with its token.
    expect(lines).toEqual(['[mail] sent: Reset your password']);
  });

  it('in a deployment, refuses a plain connection the server cannot upgrade (unless the URL says so)', async () => {
    const strict = new SmtpMailer(
      { url: `smtp://127.0.0.1:${sink.port}`, from: 'no-reply@orbita.test', requireTls: true },
      () => {},
    );
    await expect(strict.send(MAIL)).rejects.toThrow(/STARTTLS/i);
    const relay = new SmtpMailer(
      { url: `smtp://127.0.0.1:${sink.port}?requireTLS=false`, from: 'no-reply@orbita.test', requireTls: true },
      () => {},
    );
    await relay.send(MAIL);
    expect(sink.received.splice(0)).toHaveLength(1);
  });
});

describe('createMailer', () => {
  const local = (env: Record<string, string> = {}) => parseConfig({ DATA_DIR: 'memory://', ...env });

  it('keeps mail in the outbox in local mode, also handing it to SMTP when SMTP_URL is set', async () => {
    expect(createMailer(local())).toBeInstanceOf(MemoryMailer);
    const both = createMailer(local({ SMTP_URL: `smtp://127.0.0.1:${sink.port}` }));
    expect(both).toBeInstanceOf(MemoryMailer);
    const quiet = vi.spyOn(console, 'log').mockImplementation(() => {});
    await both.send(MAIL);
    quiet.mockRestore();
    expect((both as MemoryMailer).list().map((mail) => mail.to)).toEqual(['rita@example.test']);
    expect(sink.received.splice(0).map((mail) => mail.to)).toEqual([['rita@example.test']]);
  });

  it('sends through SMTP alone in a deployment, and only says it did not deliver otherwise', () => {
    const deployment = parseConfig(DEPLOYMENT_ENV);
    expect(createMailer(deployment)).toBeInstanceOf(SmtpMailer);
    expect(createMailer(local({ DEV_ENDPOINTS: '0' }))).toBeInstanceOf(ConsoleMailer);
  });
});
