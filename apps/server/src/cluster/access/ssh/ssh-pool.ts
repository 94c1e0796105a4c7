import { createHash } from 'node:crypto';
import ssh2, { type SFTPWrapper } from 'ssh2';
import { toSshUnavailable } from './ssh-errors.js';

export interface PoolOptions {
  host: string;
  port: number;
  /** SHA256:... of the login node's host key; unset = any key (development only). */
  hostKeyFingerprint?: string | undefined;
  idleSeconds: number;
  connectTimeoutSeconds: number;
}

/** One user's (or the service identity's) connection and its SFTP channel. */
export class SshConnection {
  lastUsed = Date.now();
  /** Channels (shells, transfers, commands) still open: the connection is not idle while any is. */
  busy = 0;
  private sftpChannel?: Promise<SFTPWrapper>;

  constructor(
    readonly client: ssh2.Client,
    readonly account: string,
  ) {}

  /** The connection's SFTP channel, opened once. */
  sftp(): Promise<SFTPWrapper> {
    this.lastUsed = Date.now();
    this.sftpChannel ??= new Promise<SFTPWrapper>((resolve, reject) =>
      this.client.sftp((err, sftp) => {
        if (err) {
          this.sftpChannel = undefined;
          reject(toSshUnavailable(err, 'sftp'));
          return;
        }
        sftp.on('close', () => (this.sftpChannel = undefined));
        resolve(sftp);
      }),
    );
    return this.sftpChannel;
  }

  /** Counts a channel or a transfer stream as in use until it closes. */
  hold<T extends { once(event: 'close', listener: () => void): unknown }>(channel: T): T {
    this.busy++;
    this.lastUsed = Date.now();
    channel.once('close', () => {
      this.busy--;
      this.lastUsed = Date.now();
    });
    return channel;
  }
}

const fingerprintOf = (key: Buffer) => `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

/**
 * Pooled SSH connections, one per account: reused while open, made again after a close,
 * concurrent first calls share one connect, and a connection unused for `idleSeconds` (with no
 * open shell or transfer) is closed.
 */
export class SshPool {
  /** Connections made so far (tests check reuse). */
  connects = 0;
  private readonly conns = new Map<string, Promise<SshConnection>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly o: PoolOptions) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(30_000, o.idleSeconds * 500));
    this.sweeper.unref();
  }

  /** The connection pooled under `key`, made as `username` (default: the key) when there is none. */
  get(key: string, privateKey: () => Promise<string | Buffer>, username = key): Promise<SshConnection> {
    const account = key;
    let conn = this.conns.get(account);
    if (!conn) {
      conn = this.connect(account, username, privateKey);
      this.conns.set(account, conn);
      // A failed connect is not cached: the next call tries again.
      conn.catch(() => this.conns.get(account) === conn && this.conns.delete(account));
    }
    return conn.then((c) => {
      c.lastUsed = Date.now();
      return c;
    });
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    const all = [...this.conns.values()];
    this.conns.clear();
    await Promise.all(all.map((p) => p.then((c) => c.client.end()).catch(() => undefined)));
  }

  private async connect(account: string, username: string, privateKey: () => Promise<string | Buffer>): Promise<SshConnection> {
    const key = await privateKey();
    this.connects++;
    const expected = this.o.hostKeyFingerprint;
    const client = new ssh2.Client();
    const conn = new SshConnection(client, username);
    try {
      await new Promise<void>((resolve, reject) => {
        client.once('ready', () => resolve());
        client.once('error', reject);
        client.connect({
          host: this.o.host,
          port: this.o.port,
          username,
          privateKey: key,
          readyTimeout: this.o.connectTimeoutSeconds * 1000,
          keepaliveInterval: 30_000,
          ...(expected ? { hostVerifier: (hostKey: Buffer) => fingerprintOf(hostKey) === expected } : {}),
        });
      });
    } catch (err) {
      client.end();
      throw toSshUnavailable(err, `${username}@${this.o.host}:${this.o.port}`);
    }
    // Small requests (channel opens, exec, EOF, SFTP calls) must not wait for Nagle's algorithm
    // and the server's delayed ACK: that cost about 40 ms per file operation and per upload chunk.
    client.setNoDelay(true);
    // Later errors end the connection; 'close' takes it out of the pool.
    client.on('error', () => undefined);
    client.once('close', () => {
      const current = this.conns.get(account);
      void current?.then((c) => c === conn && this.conns.delete(account)).catch(() => undefined);
    });
    return conn;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [account, p] of this.conns) {
      void p
        .then((c) => {
          if (c.busy === 0 && now - c.lastUsed > this.o.idleSeconds * 1000) {
            if (this.conns.get(account) === p) this.conns.delete(account);
            c.client.end();
          }
        })
        .catch(() => undefined);
    }
  }
}
