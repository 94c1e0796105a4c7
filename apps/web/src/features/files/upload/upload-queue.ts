import { SpeedMeter } from './upload-plan';
import { runUpload, type UploadTransport } from './upload-runner';

export type UploadStatus = 'waiting' | 'uploading' | 'retrying' | 'done' | 'error' | 'cancelled';

export interface UploadItem {
  id: string;
  name: string;
  /** Target folder. */
  folder: string;
  size: number;
  sent: number;
  /** Bytes per second. */
  speed: number;
  status: UploadStatus;
  error?: unknown;
}

export interface UploadRequest {
  file: File;
  /** The cluster the folder is on (undefined: the first configured). */
  clusterId?: string | undefined;
  folder: string;
  overwrite: boolean;
}

interface Job {
  file: File;
  clusterId: string | undefined;
  overwrite: boolean;
  abort: AbortController;
  uploadId?: string;
}

const ACTIVE: UploadStatus[] = ['waiting', 'uploading', 'retrying'];
export const isActive = (it: UploadItem) => ACTIVE.includes(it.status);

/**
 * The uploads of one window: a few files at a time, each with progress, speed and state. Plain
 * TypeScript (the hook subscribes to it), so the order of events is easy to test.
 */
export class UploadQueue {
  private items: UploadItem[] = [];
  private readonly jobs = new Map<string, Job>();
  private readonly listeners = new Set<() => void>();
  private readonly doneListeners = new Set<(item: UploadItem) => void>();
  private running = 0;
  private nextId = 1;

  constructor(
    private readonly transport: UploadTransport,
    private readonly parallel = 2,
  ) {}

  /** Runs `fn` each time a file is complete; answers how to stop. */
  onComplete = (fn: (item: UploadItem) => void) => {
    this.doneListeners.add(fn);
    return () => void this.doneListeners.delete(fn);
  };

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };

  snapshot = (): UploadItem[] => this.items;

  add(requests: UploadRequest[]) {
    const fresh = requests.map(({ file, clusterId, folder, overwrite }) => {
      const id = `u${this.nextId++}`;
      this.jobs.set(id, { file, clusterId, overwrite, abort: new AbortController() });
      return { id, name: file.name, folder, size: file.size, sent: 0, speed: 0, status: 'waiting' } satisfies UploadItem;
    });
    this.items = [...this.items, ...fresh];
    this.emit();
    this.pump();
  }

  cancel(id: string) {
    const job = this.jobs.get(id);
    const item = this.find(id);
    if (!job || !item || !isActive(item)) return;
    this.patch(id, { status: 'cancelled', speed: 0 });
    job.abort.abort(new DOMException('cancelled', 'AbortError'));
    if (job.uploadId) void this.transport.cancel(job.uploadId).catch(() => {});
    this.jobs.delete(id);
  }

  /** Tries a failed file again; `overwrite` replaces a file of the same name. */
  retry(id: string, overwrite: boolean) {
    const job = this.jobs.get(id);
    if (!job || this.find(id)?.status !== 'error') return;
    job.overwrite ||= overwrite;
    job.abort = new AbortController();
    this.patch(id, { status: 'waiting', error: undefined, sent: 0 });
    this.pump();
  }

  clearFinished() {
    for (const it of this.items) if (!isActive(it)) this.jobs.delete(it.id);
    this.items = this.items.filter(isActive);
    this.emit();
  }

  /** Abandons everything still on its way (the window closes). */
  dispose() {
    for (const j of this.jobs.values()) j.abort.abort();
  }

  private find(id: string) {
    return this.items.find((it) => it.id === id);
  }

  private emit() {
    this.listeners.forEach((fn) => fn());
  }

  private patch(id: string, change: Partial<UploadItem>) {
    this.items = this.items.map((it) => (it.id === id ? { ...it, ...change } : it));
    this.emit();
  }

  private pump() {
    for (const item of this.items) {
      if (this.running >= this.parallel) return;
      const job = this.jobs.get(item.id);
      if (item.status === 'waiting' && job) this.start(item, job);
    }
  }

  private start(item: UploadItem, job: Job) {
    const { id, name, folder, size } = item;
    const meter = new SpeedMeter();
    this.running += 1;
    this.patch(id, { status: 'uploading' });
    const stillMine = () => this.find(id)?.status !== 'cancelled' && !job.abort.signal.aborted;
    void runUpload(job.file, { clusterId: job.clusterId, path: folder, name, size, overwrite: job.overwrite }, this.transport, {
      signal: job.abort.signal,
      onStarted: (uploadId) => (job.uploadId = uploadId),
      onProgress: (sent) => {
        meter.add(performance.now(), sent);
        if (stillMine()) this.patch(id, { sent, speed: meter.bytesPerSecond(), status: 'uploading' });
      },
      onRetry: () => stillMine() && this.patch(id, { status: 'retrying', speed: 0 }),
    })
      .then(() => {
        this.jobs.delete(id);
        this.patch(id, { status: 'done', sent: size, speed: 0 });
        const done = this.find(id);
        if (done) this.doneListeners.forEach((fn) => fn(done));
      })
      .catch((error: unknown) => {
        // A failed file keeps its job, so that it can be tried again.
        if (stillMine()) this.patch(id, { status: 'error', error, speed: 0 });
      })
      .finally(() => {
        this.running -= 1;
        this.pump();
      });
  }
}
