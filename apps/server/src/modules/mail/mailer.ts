import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config/schema.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The Message-ID header ("<id@host>"); nodemailer makes one up when not given. */
  messageId?: string;
}

/** Outgoing mail over SMTP; disabled until `mail.smtp` is configured. */
export class Mailer {
  private readonly transport: Transporter | null;
  private readonly from: string;

  constructor(mail: Config['mail']) {
    const smtp = mail.smtp;
    this.from = smtp?.from ?? '';
    this.transport = smtp
      ? nodemailer.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
          tls: { rejectUnauthorized: smtp.rejectUnauthorized },
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        })
      : null;
  }

  get enabled(): boolean {
    return this.transport !== null;
  }

  async send(msg: MailMessage): Promise<void> {
    if (!this.transport) throw new Error('mail is not configured');
    await this.transport.sendMail({ from: this.from, ...msg });
  }

  close(): void {
    this.transport?.close();
  }
}
