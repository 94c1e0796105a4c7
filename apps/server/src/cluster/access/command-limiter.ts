import { ErrCode } from '@portal/shared';
import { AppError } from '../../lib/app-error.js';

export interface LimiterOptions {
  /** Commands and channels one account may have running at once. */
  maxPerUser: number;
  /** The same for everyone together. */
  maxTotal: number;
  /** Requests of one account that may wait for a place; past it the answer is "busy". */
  maxWaitingPerUser: number;
  /** Requests of everyone that may wait. */
  maxWaiting: number;
  /** How long a request waits for a place before it is answered "busy". */
  waitMs: number;
}

/** Too many commands at once and the line is full (or the wait was too long): retry later. */
export class BusyError extends AppError {
  constructor() {
    super(ErrCode.TIMEOUT, 'busy', 'The server is busy, please retry', { status: 503 });
  }
}

interface Waiter {
  key: string;
  grant(): void;
}

/** Gives a place back once, however often it is called. */
export type Release = () => void;

/**
 * Bounds the commands (processes) and channels started on the clusters: at most `maxPerUser` per
 * account and `maxTotal` in all run at once; more wait in one line, served first come first served
 * among those whose account has room, so one busy account never holds up another. A full line or a
 * wait past `waitMs` answers BusyError (503, reason `busy`). One limiter serves every cluster and
 * both access modes (the service identity counts as one account of its own).
 */
export class CommandLimiter {
  private readonly running = new Map<string, number>();
  private total = 0;
  private readonly line: Waiter[] = [];
  /** Most running at once so far, and requests answered busy (tests and logs read them). */
  peak = 0;
  refused = 0;

  constructor(private readonly o: LimiterOptions) {}

  /** Commands and channels running now, in all or for one account. */
  runningNow(key?: string): number {
    return key === undefined ? this.total : (this.running.get(key) ?? 0);
  }

  /** A place for `key`, at once or after waiting in line; release it when the command ended. */
  acquire(key: string): Promise<Release> {
    // Behind earlier waiters of the same account: their order is kept.
    if (this.hasRoom(key) && !this.line.some((w) => w.key === key)) return Promise.resolve(this.take(key));
    const waitingOfKey = this.line.filter((w) => w.key === key).length;
    if (this.line.length >= this.o.maxWaiting || waitingOfKey >= this.o.maxWaitingPerUser) {
      this.refused++;
      return Promise.reject(new BusyError());
    }
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        key,
        grant: () => {
          clearTimeout(timer);
          resolve(this.take(key));
        },
      };
      const timer = setTimeout(() => {
        const i = this.line.indexOf(waiter);
        if (i >= 0) this.line.splice(i, 1);
        this.refused++;
        reject(new BusyError());
      }, this.o.waitMs);
      timer.unref();
      this.line.push(waiter);
    });
  }

  /** Runs `call` in a place of `key`'s. */
  async run<T>(key: string, call: () => Promise<T>): Promise<T> {
    const release = await this.acquire(key);
    try {
      return await call();
    } finally {
      release();
    }
  }

  /** Opens a stream in a place of `key`'s, kept until the stream closes. */
  async hold<S extends NodeJS.EventEmitter & { destroyed: boolean }>(key: string, open: () => Promise<S>): Promise<S> {
    const release = await this.acquire(key);
    try {
      const stream = await open();
      if (stream.destroyed) release();
      else stream.once('close', release);
      return stream;
    } catch (err) {
      release();
      throw err;
    }
  }

  private hasRoom(key: string): boolean {
    return this.total < this.o.maxTotal && this.runningNow(key) < this.o.maxPerUser;
  }

  private take(key: string): Release {
    this.running.set(key, this.runningNow(key) + 1);
    this.total++;
    this.peak = Math.max(this.peak, this.total);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = this.runningNow(key) - 1;
      if (left > 0) this.running.set(key, left);
      else this.running.delete(key);
      this.total--;
      this.next();
    };
  }

  /** Lets in, in line order, every waiter whose account has room now. */
  private next(): void {
    for (let i = 0; i < this.line.length && this.total < this.o.maxTotal;) {
      const w = this.line[i] as Waiter;
      // Waiters of one account share its room, so their order holds.
      if (this.hasRoom(w.key)) {
        this.line.splice(i, 1);
        w.grant();
      } else i++;
    }
  }
}
