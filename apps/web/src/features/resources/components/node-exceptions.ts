import type { NodeView } from '@portal/shared';

/** A node the operators should look at: down, offline, unknown, not answering its scheduler, or past a metric limit. */
export const isAbnormal = (n: NodeView): boolean =>
  n.state === 'down' || n.state === 'offline' || n.state === 'unknown' || n.notResponding || n.metricExceptions.length > 0;

export interface ExceptionGroup {
  /** What the nodes share: one reason, one rack, or one metric limit crossed. */
  kind: 'reason' | 'rack' | 'metric';
  key: string;
  nodes: NodeView[];
  /** For a rack: how many of the cluster's nodes stand in it. */
  of: number;
}

/**
 * Exceptions that take several nodes at once (the multi-node exception page): abnormal nodes that
 * share the scheduler's reason, stand in the same rack (a switch, a PDU, cooling), or crossed the
 * same metric limit (a full shared file system, a hot aisle, an InfiniBand switch). Only groups of
 * two or more; the largest first.
 */
export const exceptionGroups = (nodes: readonly NodeView[]): ExceptionGroup[] => {
  const abnormal = nodes.filter(isAbnormal);
  const groups: ExceptionGroup[] = [];
  const by = (kind: ExceptionGroup['kind'], keysOf: (n: NodeView) => (string | null)[]) => {
    const map = new Map<string, NodeView[]>();
    for (const n of abnormal) for (const key of keysOf(n)) if (key) map.set(key, [...(map.get(key) ?? []), n]);
    for (const [key, list] of map) {
      if (list.length < 2) continue;
      const of = kind === 'rack' ? nodes.filter((n) => n.rack === key).length : list.length;
      groups.push({ kind, key, nodes: list, of });
    }
  };
  by('reason', (n) => [n.reason || null]);
  by('rack', (n) => [n.rack]);
  by('metric', (n) => n.metricExceptions.map((e) => e.check));
  return groups.sort((a, b) => b.nodes.length - a.nodes.length || a.key.localeCompare(b.key));
};
