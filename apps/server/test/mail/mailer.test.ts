import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/mail/mailer.ts';

/** A local SMTP server that keeps what it receives (issue 42: tests send real SMTP, to nobody). */
const received: { from: string; to: string[]; data: string }[] = [];
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const silent = { info: () => {}, warn: () => {} };

/** The text of a single-part mail as sent (base64 or quoted-printable, as nodemailer chose). */
function bodyOf(data: string): string {
  const at = data.indexOf('\r\n\r\n');
  const head = data.slice(0, at);
  const body = data.slice(at + 4).replace(/\r\n\.\r\n$/, '');
  if (/^Content-Transfer-Encoding: base64/im.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  if (/^Content-Transfer-Encoding: quoted-printable/im.test(head))
    return Buffer.from(
      body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

describe('mail (issue 42)', () => {
  it('with SMTP_URL, sends over SMTP and writes nothing to the outbox', async () => {
    const outbox: unknown[] = [];
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: '로켓등록 <no-reply@rr.example.com>',
      outbox: { insert: async (m) => void outbox.push(m) },
      log: silent,
    });
    expect(mailer.mode).toBe('smtp');
    await mailer.send({
      companyId: 'c1',
      to: 'staff@example.com',
      subject: '[로켓등록] 팀 초대',
      text: '아래 링크에서 가입하세요.\nhttps://rr.example.com/auth/invitation/abc',
    });
    expect(outbox).toEqual([]);
    const mail = received.at(-1)!;
    expect(mail.from).toBe('no-reply@rr.example.com');
    expect(mail.to).toEqual(['staff@example.com']);
    // The subject is encoded (Korean), the body carries the link as written.
    expect(mail.data).toMatch(/^Subject: =\?UTF-8\?/m);
    // SMTP lines end in CRLF.
    expect(bodyOf(mail.data)).toContain(
      '아래 링크에서 가입하세요.\r\nhttps://rr.example.com/auth/invitation/abc',
    );
  });

  it('without SMTP_URL, writes the mail to the outbox (demo, tests)', async () => {
    const outbox: { companyId: string | null; to: string; subject: string; body: string }[] = [];
    const before = received.length;
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'x@example.com',
      outbox: { insert: async (m) => void outbox.push(m) },
      log: silent,
    });
    expect(mailer.mode).toBe('outbox');
    await mailer.send({ companyId: 'c1', to: 'a@example.com', subject: '제목', text: '본문' });
    expect(outbox).toEqual([{ companyId: 'c1', to: 'a@example.com', subject: '제목', body: '본문' }]);
    expect(received.length).toBe(before);
  });

  it('a refused mail fails the send (nothing pretends it left)', async () => {
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'x@example.com',
      outbox: { insert: async () => {} },
      log: silent,
    });
    await expect(
      mailer.send({ companyId: null, to: 'a@example.com', subject: 's', text: 't' }),
    ).rejects.toThrow();
  });
});
