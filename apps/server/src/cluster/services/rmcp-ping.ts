import { createSocket } from 'node:dgram';
import { isIP } from 'node:net';

/*
 * The RMCP presence ping (ASF 2.0, DMTF DSP0136 section 3.2.4): what IPMI over LAN answers before
 * any session, with no credentials. A BMC that answers it with a pong is on the network; the
 * pong's "supported entities" says whether it speaks IPMI.
 */

const RMCP_VERSION = 0x06;
const RMCP_CLASS_ASF = 0x06;
const ASF_IANA = 4542;
const PRESENCE_PING = 0x80;
const PRESENCE_PONG = 0x40;

export const rmcpPing = (host: string, port: number, timeoutMs: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = createSocket(isIP(host) === 6 ? 'udp6' : 'udp4');
    const tag = Math.floor(Math.random() * 0xfe);
    const ping = Buffer.alloc(12);
    ping.writeUInt8(RMCP_VERSION, 0);
    ping.writeUInt8(0xff, 2); // no RMCP acknowledgement
    ping.writeUInt8(RMCP_CLASS_ASF, 3);
    ping.writeUInt32BE(ASF_IANA, 4);
    ping.writeUInt8(PRESENCE_PING, 8);
    ping.writeUInt8(tag, 9);
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.close();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.on('error', () => done(false));
    socket.on('message', (m) => {
      if (m.length >= 12 && m[3] === RMCP_CLASS_ASF && m.readUInt32BE(4) === ASF_IANA && m[8] === PRESENCE_PONG && m[9] === tag)
        done(true);
    });
    socket.send(ping, port, host);
  });
