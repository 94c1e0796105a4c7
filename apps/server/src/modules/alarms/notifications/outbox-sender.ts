import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types.js';
import type { Logger } from '../../../lib/logger.js';
import type { Clock } from '../../../lib/time.js';
import type { MailMessage } from '../../mail/index.js';

/*
 * Delivers the notification outbox (docs/alarms.md "Notifications"). A sender claims due rows by
 * setting them `sending` with a lease (a conditional update: of two senders, one wins each row);
 * a row whose lease ran out while `sending` (its sender crashed or hung) is claimed again. Mail
 * goes through the Mailer with a Message-ID made of the idempotency key, so every attempt of one
 * notice carries the same Message-ID; SMS is POSTed to the configured gateway as JSON
 * {to, text, id}, id the idempotency key. A failure is tried again after a backoff that doubles
 * with each attempt; after the last attempt the row is `failure` with the error kept.
 */

export interface SmsGatewayConfig {
  url: string;
  authorization?: string | undefined;
  timeoutMs: number;
}

export interface OutboxSenderOptions {
  pollMs: number;
  maxAttempts: number;
  /** The wait before the second attempt; doubled for each further one, at most a day. */
  backoffMs: number;
  leaseMs: number;
  /** Rows claimed per look. */
  batchSize?: number;
  /** Runs before each timed look (the scheduled inspections due); its failure is logged, the look goes on. */
  beforeRound?: () => Promise<unknown>;
}

export interface MailTransport {
  readonly enabled: boolean;
  send(msg: MailMessage): Promise<void>;
}

const DAY = 86_400_000;

/** The Message-ID of a notice: the same for every attempt, so a receiver can drop a repeat. */
export const messageIdOf = (idempotencyKey: string): string =>
  `<notice.${idempotencyKey.replace(/[^A-Za-z0-9.-]/g, '.')}@hpc-portal>`;

export class OutboxSender {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = true;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly mailer: MailTransport,
    private readonly sms: SmsGatewayConfig | undefined,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly options: OutboxSenderOptions,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops looking; waits for the notices being sent. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => 0);
  }

  private schedule(ms: number) {
    this.timer = setTimeout(() => {
      const before = this.options.beforeRound?.().catch((err: unknown) => {
        this.log.warn({ err }, 'the scheduled notices failed a round');
      });
      this.running = Promise.resolve(before)
        .then(() => this.runOnce())
        .catch((err: unknown) => {
          this.log.warn({ err }, 'the notification sender failed a round');
          return 0;
        });
      void this.running.then(() => {
        if (!this.stopped) this.schedule(this.options.pollMs);
      });
    }, ms);
    this.timer.unref();
  }

  /** One look at the outbox: claims the due rows and sends them; the number sent. */
  async runOnce(): Promise<number> {
    const now = this.clock.now();
    const due = await this.db
      .selectFrom('notification_outbox')
      .select(['id', 'attempts'])
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'waiting'), eb('next_attempt_at', '<=', now)]),
          eb.and([eb('status', '=', 'sending'), eb('lease_until', '<=', now)]),
        ]),
      )
      .orderBy('weight', 'desc')
      .orderBy('id')
      .limit(this.options.batchSize ?? 20)
      .execute();
    let sent = 0;
    for (const row of due) {
      const id = Number(row.id);
      if (row.attempts >= this.options.maxAttempts) {
        // Its last attempt's sender stopped while sending: nothing says whether it went out.
        await this.finish(id, 'failure', 'the sender stopped during the last attempt (its lease ran out)', now);
        continue;
      }
      if (!(await this.claim(id))) continue;
      const claimed = await this.db.selectFrom('notification_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      try {
        if (claimed.channel === 'mail')
          await this.sendMail(claimed.idempotency_key, claimed.recipients, claimed.subject, claimed.content);
        else await this.sendSms(claimed.idempotency_key, claimed.recipients, claimed.content);
        await this.finish(id, 'success', null, this.clock.now());
        sent++;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const attempts = claimed.attempts;
        const at = this.clock.now();
        if (attempts >= this.options.maxAttempts) {
          await this.finish(id, 'failure', message, at);
          this.log.warn({ id, attempts, err: message }, 'a notification failed for good');
        } else {
          const wait = Math.min(DAY, this.options.backoffMs * 2 ** (attempts - 1));
          await this.db
            .updateTable('notification_outbox')
            .set({ status: 'waiting', next_attempt_at: at + wait, lease_until: null, last_error: message, updated_at: at })
            .where('id', '=', id)
            .where('status', '=', 'sending')
            .execute();
        }
      }
    }
    return sent;
  }

  /**
   * Takes a row for this sender: of two senders, one's update finds it still due. The lease counts
   * from the claim, not from the start of the round: the rows before it in the round may have taken
   * longer than a lease to send (an SMTP server timing out), and a lease already over when taken
   * would let another sender send the notice at the same time.
   */
  private async claim(id: number): Promise<boolean> {
    const now = this.clock.now();
    const r = await this.db
      .updateTable('notification_outbox')
      .set((eb) => ({
        status: 'sending',
        lease_until: now + this.options.leaseMs,
        attempts: eb('attempts', '+', 1),
        updated_at: now,
      }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'waiting'), eb('next_attempt_at', '<=', now)]),
          eb.and([eb('status', '=', 'sending'), eb('lease_until', '<=', now)]),
        ]),
      )
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  private async finish(id: number, status: 'success' | 'failure', error: string | null, at: number): Promise<void> {
    await this.db
      .updateTable('notification_outbox')
      .set({
        status,
        lease_until: null,
        updated_at: at,
        ...(status === 'success' ? { sent_at: at } : { last_error: error }),
      })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .execute();
  }

  private async sendMail(key: string, to: string, subject: string, text: string): Promise<void> {
    if (!this.mailer.enabled) throw new Error('mail is not configured (mail.smtp)');
    await this.mailer.send({ to, subject, text, messageId: messageIdOf(key) });
  }

  private async sendSms(key: string, to: string, text: string): Promise<void> {
    if (!this.sms) throw new Error('SMS is not configured (notifications.sms)');
    const res = await fetch(this.sms.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.sms.authorization ? { authorization: this.sms.authorization } : {}),
      },
      body: JSON.stringify({ to: to.split(','), text, id: key }),
      signal: AbortSignal.timeout(this.sms.timeoutMs),
    });
    const body = await res.text().catch(() => '');
    if (!res.ok) throw new Error(`the SMS gateway answered ${res.status}${body ? `: ${body.slice(0, 200)}` : ''}`);
  }
}
