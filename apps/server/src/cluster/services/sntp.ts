import { createSocket } from 'node:dgram';
import { isIP } from 'node:net';
import type { ServiceProbe } from './probe.js';

/** Seconds between the NTP era (1900) and the Unix epoch. */
const NTP_UNIX_OFFSET = 2_208_988_800;
const PACKET_BYTES = 48;

const readTimestamp = (b: Buffer, at: number): number =>
  (b.readUInt32BE(at) - NTP_UNIX_OFFSET) * 1000 + (b.readUInt32BE(at + 4) / 2 ** 32) * 1000;

const writeTimestamp = (b: Buffer, at: number, ms: number) => {
  const seconds = Math.floor(ms / 1000);
  b.writeUInt32BE(seconds + NTP_UNIX_OFFSET, at);
  b.writeUInt32BE(Math.floor(((ms - seconds * 1000) / 1000) * 2 ** 32), at + 4);
};

export interface NtpAnswer {
  stratum: number;
  /** The server's clock minus this host's, in milliseconds (RFC 5905's theta). */
  offsetMs: number;
  roundTripMs: number;
}

/**
 * One SNTP request (RFC 4330, version 4, client mode) to host:port. Refuses answers that are not
 * a server's reply to this request (origin timestamp) and kiss-o'-death or unsynchronised ones
 * (stratum 0 or 16), which a client must not trust.
 */
export const queryNtp = (host: string, port: number, timeoutMs: number): Promise<NtpAnswer> =>
  new Promise((resolve, reject) => {
    const socket = createSocket(isIP(host) === 6 ? 'udp6' : 'udp4');
    const request = Buffer.alloc(PACKET_BYTES);
    request[0] = (4 << 3) | 3; // LI 0, VN 4, mode 3 (client)
    const sentAt = Date.now();
    writeTimestamp(request, 40, sentAt);
    let settled = false;
    const done = (err: Error | null, answer?: NtpAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.close();
      if (err) reject(err);
      else resolve(answer as NtpAnswer);
    };
    const timer = setTimeout(() => done(new Error(`no NTP answer within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    socket.on('error', (e) => done(e));
    socket.on('message', (msg) => {
      const receivedAt = Date.now();
      if (msg.length < PACKET_BYTES || ((msg[0] ?? 0) & 7) !== 4) return done(new Error('answered, but not as an NTP server'));
      if (msg.readUInt32BE(24) !== request.readUInt32BE(40) || msg.readUInt32BE(28) !== request.readUInt32BE(44)) return;
      const stratum = msg[1] ?? 0;
      if (stratum === 0 || stratum >= 16) return done(new Error(`unsynchronised (stratum ${stratum})`));
      const t2 = readTimestamp(msg, 32);
      const t3 = readTimestamp(msg, 40);
      done(null, { stratum, offsetMs: (t2 - sentAt + (t3 - receivedAt)) / 2, roundTripMs: receivedAt - sentAt - (t3 - t2) });
    });
    socket.send(request, port, host);
  });

/** An NTP server as a service: it answers, synchronised, and this host's clock is within `maxOffsetMs` of it. */
export const probeNtp = async (
  name: string,
  host: string,
  port: number,
  timeoutMs: number,
  maxOffsetMs: number,
): Promise<ServiceProbe> => {
  try {
    const a = await queryNtp(host, port, timeoutMs);
    const offset = `offset ${a.offsetMs.toFixed(1)} ms, stratum ${a.stratum}`;
    if (Math.abs(a.offsetMs) > maxOffsetMs) return { name, ok: false, detail: `${offset}: more than ${maxOffsetMs} ms off` };
    return { name, ok: true, detail: offset };
  } catch (e) {
    return { name, ok: false, detail: e instanceof Error ? e.message : String(e) };
  }
};
