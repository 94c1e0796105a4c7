/**
 * A counter's rate per second between two readings. A counter that went down restarted from zero
 * (a node reboot, an exporter restart), so its increase is its new value, as Prometheus's rate()
 * counts it; undefined when the readings are not in time order.
 */
export const counterRate = (prev: { raw: number; ts: number }, cur: { raw: number; ts: number }): number | undefined => {
  if (cur.ts <= prev.ts) return undefined;
  const increase = cur.raw >= prev.raw ? cur.raw - prev.raw : cur.raw;
  return increase / ((cur.ts - prev.ts) / 1000);
};
