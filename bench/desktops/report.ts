import { spawnSync } from 'node:child_process';
import { percentile } from './measure.js';
import type { CpuUse } from './measure.js';
import type { ClientOptions, ClientResults, GcPause, ProxyRound } from './protocol.js';
import type { Encoding } from './viewer.js';

/* The run's figures as the markdown bench/README.md copies. */

export interface RunInfo {
  options: ClientOptions;
  started: Date;
  /** Load average (1 min) at the start and at the end. */
  load: number[];
  cores: number;
  /** The server's garbage collections during the run. */
  gc: GcPause[];
}

const ms = (x: number) => (Number.isNaN(x) ? '–' : x >= 100 ? x.toFixed(0) : x.toFixed(1));
const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)} ms`;

const table = (head: string[], rows: string[][]) => {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
};

/** "TigerVNC 1.12.0" (Xvnc -version writes to standard error). */
const xvncVersion = () => {
  const r = spawnSync('Xvnc', ['-version'], { encoding: 'utf8' });
  return /TigerVNC \S+/.exec(`${r.stdout}${r.stderr}`)?.[0] ?? 'TigerVNC (version unknown)';
};

/** The server's collections while a round counted frames: full ones, and all pauses in ms. */
const gcIn = (gc: GcPause[], rounds: ProxyRound[]) => {
  const inside = gc.filter((g) => rounds.some((r) => g.at >= r.fps.from && g.at <= r.fps.to));
  return { major: inside.filter((g) => g.major).length, ms: inside.reduce((s, g) => s + g.ms, 0) };
};

const pooled = (rounds: ProxyRound[], gc: GcPause[]) => {
  const seconds = rounds.reduce((s, r) => s + r.fps.seconds, 0);
  const frames = rounds.reduce((s, r) => s + r.fps.frames, 0);
  const bytes = rounds.reduce((s, r) => s + r.fps.bytes, 0);
  const samples = rounds.flatMap((r) => r.latency.samples);
  const cpu = (k: keyof CpuUse) => (rounds.reduce((s, r) => s + r.fps.cpu[k], 0) / frames).toFixed(2);
  return {
    fps: frames / seconds,
    bytes: `${bytesText(bytes / frames)}, ${bytesText(bytes / seconds)}/s`,
    notFull: frames - rounds.reduce((s, r) => s + r.fps.fullFrames, 0),
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    samples: samples.length,
    partial: rounds.reduce((s, r) => s + r.latency.partial, 0),
    cpu: `${cpu('xvnc')} / ${cpu('between')} / ${cpu('viewer')}`,
    gc: (() => {
      const g = gcIn(gc, rounds);
      return `${(g.major / seconds).toFixed(1)}/s, ${(g.ms / frames).toFixed(2)} ms`;
    })(),
  };
};

const bytesText = (x: number) =>
  x >= 1e6 ? `${(x / 1e6).toFixed(1)} MB` : x >= 1e3 ? `${(x / 1e3).toFixed(1)} KB` : `${x.toFixed(0)} B`;

/** Direct, the relay (when measured) and the portal for one encoding. */
const costRows = (encoding: Encoding, rounds: ProxyRound[], relay: boolean, gc: GcPause[]) => {
  const of = (mode: ProxyRound['mode']) =>
    pooled(
      rounds.filter((x) => x.encoding === encoding && x.mode === mode),
      gc,
    );
  const [d, r, p] = [of('direct'), of('relay'), of('proxied')];
  const name = encoding === 'raw' ? 'Raw' : 'RRE';
  const row = (measure: string, direct: string, relayed: string, portal: string, against: string) =>
    relay ? [`${name}: ${measure}`, direct, relayed, portal, against] : [`${name}: ${measure}`, direct, portal, against];
  return {
    fpsOk: p.fps >= 0.9 * d.fps,
    addedP50: p.p50 - d.p50,
    rows: [
      row(
        'updates per second',
        d.fps.toFixed(1),
        `${r.fps.toFixed(1)} (${pct(r.fps / d.fps)})`,
        p.fps.toFixed(1),
        `**${pct(p.fps / d.fps)}**`,
      ),
      row('bytes per update, per second', d.bytes, r.bytes, p.bytes, ''),
      row(
        'input round trip p50 (ms)',
        ms(d.p50),
        `${ms(r.p50)} (${signed(r.p50 - d.p50)})`,
        ms(p.p50),
        `**${signed(p.p50 - d.p50)}**`,
      ),
      row('input round trip p95 (ms)', ms(d.p95), `${ms(r.p95)} (${signed(r.p95 - d.p95)})`, ms(p.p95), signed(p.p95 - d.p95)),
      row('CPU ms per update: Xvnc / in between / viewer', d.cpu, r.cpu, p.cpu, ''),
      row("server's full GCs per second, GC pause ms per update", d.gc, r.gc, p.gc, ''),
    ],
    samples: d.samples + r.samples + p.samples,
    partial: d.partial + r.partial + p.partial,
    notFull: d.notFull + r.notFull + p.notFull,
  };
};

export const report = (r: ClientResults, info: RunInfo): string => {
  const o = info.options;
  const starts = r.starts;
  const step = (name: string, xs: number[]) => [
    name,
    ms(percentile(xs, 50)),
    ms(percentile(xs, 95)),
    ms(xs.length ? Math.max(...xs) : NaN),
  ];
  const total = starts.map((s) => s.total);
  const xterms = starts.flatMap((s) => (s.xterm === null ? [] : [s.xterm]));
  const startTable = table(
    ['step (ms from the previous)', 'p50', 'p95', 'max'],
    [
      step(
        'Start call (`POST …/vncsession`: Xvnc listening)',
        starts.map((s) => s.start),
      ),
      step(
        'ticket + WebSocket + RFB handshake to ServerInit',
        starts.map((s) => s.connect),
      ),
      step(
        `first full-screen update (${o.encodings[0] === 'raw' ? 'Raw' : 'RRE'}, ${o.resolution})`,
        starts.map((s) => s.firstFrame),
      ),
      step('**Start to first frame** (goal < 3 s)', total),
      step(`Start to the xterm drawn (shown in ${xterms.length} of ${starts.length} within 10 s)`, xterms),
    ],
  );

  const encodings = [...new Set(r.rounds.map((x) => x.encoding))];
  const relay = r.rounds.some((x) => x.mode === 'relay');
  const costs = encodings.map((e) => ({ encoding: e, ...costRows(e, r.rounds, relay, info.gc) }));
  const costTable = table(
    [
      'measure',
      "direct (Xvnc's socket)",
      ...(relay ? ['plain relay (socat, TCP)'] : []),
      'through the portal',
      'portal against direct',
    ],
    costs.flatMap((c) => c.rows),
  );
  const roundTable = table(
    [
      'round',
      'encoding',
      'viewer',
      'updates/s',
      'bytes/s',
      'round trip p50 / p95 (ms)',
      'CPU ms / update in between',
      "server's full GCs",
    ],
    r.rounds.map((x) => [
      String(x.round + 1),
      x.encoding,
      x.mode,
      (x.fps.frames / x.fps.seconds).toFixed(1),
      bytesText(x.fps.bytes / x.fps.seconds),
      `${ms(percentile(x.latency.samples, 50))} / ${ms(percentile(x.latency.samples, 95))}`,
      (x.fps.cpu.between / x.fps.frames).toFixed(2),
      String(gcIn(info.gc, [x]).major),
    ]),
  );

  const met = (ok: boolean) => (ok ? 'met' : 'missed');
  return [
    '',
    `bench/desktops, ${info.started.toISOString()}: ${info.cores} cores, Node ${process.versions.node}, SQLite, ${xvncVersion()}; ` +
      `load average ${info.load.map((l) => l.toFixed(2)).join(' → ')}`,
    `--starts ${o.starts} --rounds ${o.rounds} --seconds ${o.seconds} --samples ${o.samples} --gap-ms ${o.gapMs} --resolution ${o.resolution} --encodings ${o.encodings.join(',')}${o.relay ? '' : ' (no socat: no relay column)'}`,
    '',
    ...(starts.length
      ? [
          `Start to first frame, ${starts.length} desktops (openbox and xterm, ${o.resolution}; after one not counted), through the proxy:`,
          '',
          startTable,
          '',
        ]
      : []),
    `The proxy's cost: painter desktop ${r.width}x${r.height}, ${o.rounds} alternating rounds of each encoding and viewer ` +
      `(${o.samples} key presses, then ${o.seconds} s of updates); ${costs.reduce((s, c) => s + c.samples, 0)} round trips ` +
      `(${costs.reduce((s, c) => s + c.partial, 0)} of them not full-screen); updates not covering the whole screen: ` +
      `${costs.reduce((s, c) => s + c.notFull, 0)}. In between: the portal's server, socat, or (direct) the server idle.`,
    '',
    costTable,
    '',
    roundTable,
    '',
    `Goals: start to first frame p95 under 3 s ${starts.length ? met(percentile(total, 95) < 3000) : 'not measured'}; ` +
      costs
        .map(
          (c) =>
            `${c.encoding}: updates/s at least 90% of direct ${met(c.fpsOk)}, added round trip (p50) under 5 ms ${met(c.addedP50 < 5)}`,
        )
        .join('; ') +
      '.',
    '',
  ].join('\n');
};
