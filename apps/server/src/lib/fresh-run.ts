/**
 * Runs a task on demand so that every caller of `run()` gets a run that started after it asked.
 * With no run in flight a caller starts one; callers that come while one is in flight share one
 * more run queued after it (the one in flight may have read the world before their change). So a
 * burst of callers costs at most two runs, and nobody is answered with a read older than its call.
 */
export class FreshRun<T> {
  private current: Promise<T> | null = null;
  private queued: Promise<T> | null = null;

  constructor(private readonly task: () => Promise<T>) {}

  /** A run that starts after this call. */
  run(): Promise<T> {
    if (!this.current) return this.begin();
    const after = this.current.then(
      () => undefined,
      () => undefined,
    );
    this.queued ??= after.then(() => {
      this.queued = null;
      // A run begun since the last one ended also started after every queued caller asked.
      return this.current ?? this.begin();
    });
    return this.queued;
  }

  /** Shares any run in flight or queued, else starts one: for periodic polls, where any recent read will do. */
  join(): Promise<T> {
    return this.queued ?? this.current ?? this.begin();
  }

  /** Settles when nothing runs or waits to run. */
  async idle(): Promise<void> {
    while (this.current || this.queued) await (this.queued ?? this.current)?.catch(() => undefined);
  }

  private begin(): Promise<T> {
    const p: Promise<T> = this.task().finally(() => {
      if (this.current === p) this.current = null;
    });
    this.current = p;
    return p;
  }
}
