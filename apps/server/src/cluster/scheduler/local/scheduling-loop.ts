/** The shortest time between two scheduling passes. */
const MIN_PASS_GAP_MS = 200;

/**
 * The built-in scheduler's loop and its queue of changes: everything that changes the queue runs
 * one at a time (exclusive), and a scheduling pass runs every `tickMs` and when asked (kick).
 */
export class SchedulingLoop {
  /** Tail of the queue of changes: one at a time. */
  private chain: Promise<unknown>;
  private passQueued = false;
  /** When the last scheduling pass ended, and the timer of a deferred one. */
  private lastPassEnd = 0;
  private deferred: NodeJS.Timeout | null = null;
  private readonly timer: NodeJS.Timeout;
  private stopped = false;

  /** `first`: what runs before any change (nothing changes the queue before it ends). */
  constructor(
    private readonly pass: () => Promise<void>,
    first: Promise<unknown>,
    tickMs: number,
    private readonly onError: (err: unknown) => void,
  ) {
    this.chain = first;
    this.timer = setInterval(() => this.kick(), tickMs);
    this.timer.unref();
  }

  get closed(): boolean {
    return this.stopped;
  }

  /**
   * Asks for a pass; one waiting pass is enough however many ask. Passes are at least
   * MIN_PASS_GAP_MS apart: a burst of submissions to a long queue must not turn into one full
   * pass per submission.
   */
  kick(): void {
    if (this.stopped || this.passQueued) return;
    this.passQueued = true;
    const run = () => {
      this.deferred = null;
      this.exclusive(async () => {
        this.passQueued = false;
        if (this.stopped) return;
        await this.pass();
        this.lastPassEnd = Date.now();
      }).catch((err: unknown) => this.onError(err));
    };
    const wait = this.lastPassEnd + MIN_PASS_GAP_MS - Date.now();
    if (wait <= 0) return run();
    this.deferred = setTimeout(run, wait);
    this.deferred.unref();
  }

  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const p = this.chain.then(fn);
    this.chain = p.catch(() => undefined);
    return p;
  }

  /** Stops the timers (false when already stopped); what is queued still runs. */
  stop(): boolean {
    if (this.stopped) return false;
    this.stopped = true;
    clearInterval(this.timer);
    if (this.deferred) clearTimeout(this.deferred);
    return true;
  }

  /** Settles when every queued change has run. */
  idle(): Promise<unknown> {
    return this.chain;
  }
}
