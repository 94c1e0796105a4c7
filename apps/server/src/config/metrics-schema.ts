import { z } from 'zod';

/*
 * clusters[].metrics: where a cluster's node and asset metrics come from (docs/metrics.md), and
 * the limits past which a node's latest metrics make it abnormal (docs/resources.md).
 */

const percent = z.number().min(1).max(100);

const nodeExceptions = z
  .object({
    enabled: z
      .boolean()
      .default(true)
      .describe("Check each node's latest metrics against the limits below: a node past one is listed as abnormal."),
    memoryUsagePercent: percent.default(95).describe('Memory used, per cent of the total.'),
    rootUsagePercent: percent.default(90).describe('Root file system used, per cent of its size.'),
    loadPerCore: z.number().min(0.1).max(1000).default(2).describe('One-minute load divided by the CPU cores.'),
    temperatureCelsius: z.number().min(1).max(200).default(85).describe("The hottest sensor's temperature."),
    infinibandDown: z.boolean().default(true).describe('An InfiniBand port that is not ACTIVE.'),
  })
  .strict()
  .prefault({})
  .describe("Limits on a node's latest metrics past which it is abnormal (the abnormal-nodes and multi-node exception pages).");

const metricTarget = z
  .object({
    resource: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'not a resource name')
      .describe(
        "The resource the samples belong to: a node or asset name, as the metric pages show it. Several targets may name one resource (a node's node_exporter and its BMC's ipmi_exporter): they are read as one scrape.",
      ),
    url: z
      .string()
      .regex(/^(https?:\/\/\S+|builtin:host)$/, 'an http(s) URL or builtin:host')
      .describe(
        "A Prometheus exposition endpoint (node_exporter's http://host:9100/metrics, DCGM or ipmi exporter), or builtin:host: this host's own figures read by the portal, with no exporter.",
      ),
  })
  .strict();

export const metrics = z
  .object({
    source: z
      .enum(['embedded', 'prometheus'])
      .default('embedded')
      .describe(
        "Where metrics come from: embedded (the portal scrapes the targets and keeps samples in its database) or prometheus (read through Prometheus's HTTP API; Prometheus scrapes and keeps them).",
      ),
    targets: z
      .array(metricTarget)
      .max(5000)
      .optional()
      .describe(
        "What the embedded collector scrapes. Default: builtin:host for the built-in scheduler's node, nothing for other clusters.",
      ),
    intervalSeconds: z
      .number()
      .int()
      .min(1)
      .max(3600)
      .default(15)
      .describe('How often the embedded collector scrapes every target.'),
    timeoutSeconds: z.number().int().min(1).max(60).default(5).describe('How long one scrape may take.'),
    retentionDays: z
      .number()
      .int()
      .min(1)
      .max(90)
      .default(7)
      .describe(
        'How long raw samples are kept; a day of them is dropped whole once expired. Rollups (5 minutes, 1 hour) are kept for years.',
      ),
    rollupRetentionDays: z.number().int().min(31).default(3660).describe('How long the 5-minute and 1-hour rollups are kept.'),
    fromAssets: z
      .object({
        enabled: z
          .boolean()
          .default(false)
          .describe(
            'Scrape every asset of this cluster that has the address below: an exporter at http://<address>:<port><path>, named as the asset (the inventory is read again every availability interval).',
          ),
        address: z
          .enum(['manage', 'compute'])
          .default('manage')
          .describe("Which of the asset's addresses the exporter listens on."),
        port: z.number().int().min(1).max(65535).default(9100).describe("The exporter's port (node_exporter's 9100)."),
        path: z
          .string()
          .regex(/^\/[\x21-\x7e]*$/, 'a path starting with /')
          .default('/metrics')
          .describe("The exporter's path."),
      })
      .strict()
      .prefault({})
      .describe('Scrape targets taken from the asset inventory (embedded source).'),
    nodeExceptions: nodeExceptions,
    prometheus: z
      .object({
        url: z
          .string()
          .regex(/^https?:\/\/\S+$/, 'an http(s) URL')
          .default('http://127.0.0.1:9090')
          .describe("Prometheus's address (or VictoriaMetrics, Thanos: anything that answers its HTTP API)."),
        resourceLabel: z
          .string()
          .regex(/^[a-zA-Z_][a-zA-Z0-9_]*$/, 'a label name')
          .default('instance')
          .describe('The label that names a resource in Prometheus.'),
        resourceValue: z
          .string()
          .max(255)
          .default('{resource}:9100')
          .describe("The label's value for a resource: '{resource}' is its name (node_exporter's instance is host:9100)."),
        scrapeIntervalSeconds: z
          .number()
          .int()
          .min(1)
          .default(15)
          .describe("Prometheus's scrape interval: rates are taken over at least four of them."),
        timeoutSeconds: z.number().int().min(1).max(120).default(20).describe('How long one query may take.'),
      })
      .strict()
      .prefault({})
      .describe('The Prometheus source (source: prometheus).'),
  })
  .strict()
  .prefault({});
