import type { DesktopTicket, DesktopViewMode } from '@portal/shared';
import { ApiError } from '../../../lib/api-client';
import { afterDrop, type NextStep, type StopReason } from './reconnect-policy';

export type ViewerPhase =
  /** `attempt` 0 is the first connection; more is a reconnect after a drop. */
  | { state: 'connecting'; attempt: number }
  /** viewMode: the ticket's, which may differ from the list's once the owner changed the share. */
  | { state: 'connected'; viewMode: DesktopViewMode }
  | { state: 'reconnecting'; attempt: number; inSeconds: number }
  | { state: 'disconnected'; why: StopReason; error?: unknown };

/** One VNC connection as the viewer drives it (noVNC in the browser, a fake in tests). */
export interface DesktopLink {
  disconnect(): void;
  focus(): void;
  paste(text: string): void;
}

export interface LinkEvents {
  connected(): void;
  /** The connection is over; `code` is the WebSocket's close code when one came. */
  closed(code: number | null): void;
  clipboard(text: string): void;
}

export interface DesktopConnectionEnv {
  ticket(signal: AbortSignal): Promise<DesktopTicket>;
  open(ticket: DesktopTicket, events: LinkEvents): DesktopLink;
  /** The desktop as the session list shows it now. */
  check(): Promise<'running' | 'ended' | 'revoked'>;
}

export interface ViewerEvents {
  phase(phase: ViewerPhase): void;
  clipboard(text: string): void;
}

/**
 * The viewer's side of one desktop: a fresh ticket for every connection (tickets are single use),
 * reconnects with a countdown after a drop, and a clear end when the desktop or the share is gone.
 */
export class DesktopConnection {
  private link: DesktopLink | null = null;
  private tries = 0;
  private ticketRetried = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly abort = new AbortController();
  /** Bumped whenever a connection is dropped on purpose: events of older ones are ignored. */
  private run = 0;

  constructor(
    private readonly env: DesktopConnectionEnv,
    private readonly events: ViewerEvents,
  ) {}

  start(): void {
    void this.connect();
  }

  /** The Reconnect button: a new round of tries, at once. */
  reconnect(): void {
    this.drop();
    this.tries = 0;
    this.ticketRetried = false;
    void this.connect();
  }

  paste(text: string): void {
    this.link?.paste(text);
  }

  focus(): void {
    this.link?.focus();
  }

  dispose(): void {
    this.abort.abort();
    this.drop();
  }

  private drop(): void {
    this.run++;
    clearTimeout(this.timer);
    const link = this.link;
    this.link = null;
    link?.disconnect();
  }

  private async connect(): Promise<void> {
    const run = ++this.run;
    this.events.phase({ state: 'connecting', attempt: this.tries });
    let ticket: DesktopTicket;
    try {
      ticket = await this.env.ticket(this.abort.signal);
    } catch (error) {
      if (run !== this.run) return;
      // The portal answered no (the desktop ended, or is not shared with the caller any more).
      if (error instanceof ApiError) this.follow(run, { do: 'check', otherwise: 'error' }, error);
      else this.follow(run, this.next(null));
      return;
    }
    if (run !== this.run) return;
    this.link = this.env.open(ticket, {
      connected: () => {
        if (run !== this.run) return;
        this.tries = 0;
        this.ticketRetried = false;
        this.events.phase({ state: 'connected', viewMode: ticket.viewMode });
        this.link?.focus();
      },
      closed: (code) => {
        if (run !== this.run) return;
        this.link = null;
        this.follow(run, this.next(code));
      },
      clipboard: (text) => {
        if (run === this.run) this.events.clipboard(text);
      },
    });
  }

  private next(code: number | null): NextStep {
    return afterDrop(code, { tries: this.tries, ticketRetried: this.ticketRetried });
  }

  private follow(run: number, step: NextStep, error?: unknown): void {
    if (step.do === 'stop') {
      this.events.phase({ state: 'disconnected', why: step.why });
      return;
    }
    if (step.do === 'check') {
      const { otherwise } = step;
      const stop = (why: StopReason) => {
        if (run === this.run) this.events.phase({ state: 'disconnected', why, ...(error ? { error } : {}) });
      };
      this.env.check().then(
        (state) => {
          if (state !== 'running') stop(state);
          else if (otherwise !== 'reconnect') stop(otherwise);
          else if (run === this.run) {
            this.ticketRetried = true;
            void this.connect();
          }
        },
        // The proxy said revoked; without the list to say otherwise, so be it.
        () => stop(otherwise === 'reconnect' ? 'revoked' : otherwise),
      );
      return;
    }
    if (step.freshTicket) this.ticketRetried = true;
    else this.tries++;
    this.countdown(run, Math.ceil(step.delayMs / 1000));
  }

  /** Shows the seconds left, one by one, then connects. */
  private countdown(run: number, seconds: number): void {
    if (run !== this.run) return;
    if (seconds <= 0) {
      void this.connect();
      return;
    }
    this.events.phase({ state: 'reconnecting', attempt: this.tries, inSeconds: seconds });
    this.timer = setTimeout(() => this.countdown(run, seconds - 1), 1000);
  }
}
