import { formatQueueTime, type ModifyQueueBody, type QueueItem } from '@portal/shared';

/** The queue form's fields. */
export interface QueueFormValues {
  name: string;
  maxTime: string;
  defaultTime?: string | undefined;
  maxNodesPerJob?: number | null | undefined;
  maxCoresPerJob?: number | null | undefined;
  priority: number;
  nodes: string[];
  /** true: every account may use the queue. */
  allAccounts: boolean;
  allowAccounts?: string[] | undefined;
  state: 'up' | 'down';
}

export const NEW_QUEUE: QueueFormValues = {
  name: '',
  maxTime: '24:00:00',
  defaultTime: '01:00:00',
  priority: 1,
  nodes: [],
  allAccounts: true,
  allowAccounts: [],
  state: 'up',
};

export const valuesOf = (q: QueueItem): QueueFormValues => ({
  name: q.name,
  maxTime: formatQueueTime(q.maxTime),
  defaultTime: formatQueueTime(q.defaultTime),
  maxNodesPerJob: q.maxNodesPerJob,
  maxCoresPerJob: q.maxCoresPerJob,
  priority: q.priority,
  nodes: q.nodeList,
  allAccounts: q.allowAccounts === 'ALL',
  allowAccounts: q.allowAccounts === 'ALL' ? [] : q.allowAccounts,
  state: q.state === 'down' ? 'down' : 'up',
});

/** The body both calls send (create adds the name). */
export const bodyOf = (v: QueueFormValues): ModifyQueueBody => ({
  maxTime: v.maxTime.trim(),
  defaultTime: v.defaultTime?.trim() ?? '',
  maxNodesPerJob: v.maxNodesPerJob ?? null,
  maxCoresPerJob: v.maxCoresPerJob ?? null,
  priority: v.priority,
  nodes: v.nodes,
  allowAccounts: v.allAccounts ? 'ALL' : (v.allowAccounts ?? []),
  state: v.state,
});
