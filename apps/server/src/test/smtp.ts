import { SMTPServer } from 'smtp-server';

/* A real SMTP server for the tests (the `smtp-server` package) on a free loopback port. */

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The Message-ID header ('' without one). */
  messageId: string;
  /** When it was accepted (ms). */
  at: number;
}

export interface TestSmtp {
  /** Every message received, in order, repeats included. */
  mails: ReceivedMail[];
  /** Each Message-ID once: what a receiver that drops a repeated Message-ID keeps. */
  unique: Map<string, ReceivedMail>;
  port: number;
  close(): Promise<void>;
}

export const startSmtp = async (): Promise<TestSmtp> => {
  const mails: ReceivedMail[] = [];
  const unique = new Map<string, ReceivedMail>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom;
        const mail = {
          from: from ? from.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          messageId: /^message-id:\s*(\S+)\s*$/im.exec(raw)?.[1] ?? '',
          at: Date.now(),
        };
        mails.push(mail);
        if (!unique.has(mail.messageId)) unique.set(mail.messageId, mail);
        callback();
      });
    },
  });
  // A client killed mid-message (the fault tests) resets its connection: nothing to report, and
  // its cut-off message never ends, so it is not counted.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the SMTP server does not listen');
  return { mails, unique, port: address.port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

/** The text of a single-part message, with its transfer encoding undone. */
export const mailText = (raw: string): string => {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  // Quoted-printable bodies are ASCII: each =XX is one byte of the UTF-8 text.
  if (encoding === 'quoted-printable')
    return Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return body;
};
