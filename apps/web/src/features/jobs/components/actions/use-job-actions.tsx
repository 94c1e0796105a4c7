import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BodyOf, JobAction, JobListItem, jobAction } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { useJobAction } from '../../api/job-action';
import { ExtendTimeDialog, type ExtendTarget } from './ExtendTimeDialog';
import { needsConfirmation } from './job-abilities';
import { PriorityDialog } from './PriorityDialog';

type Job = Pick<JobListItem, 'jobId' | 'clusterId' | 'priority' | 'timeLimit'>;

/**
 * Runs actions on jobs: destructive ones ask first, priority and extend open their dialog. Render
 * `dialogs` once on the page; rows call `run`.
 */
export const useJobActions = () => {
  const { t } = useTranslation('jobs');
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const mutation = useJobAction();
  const [priorityJob, setPriorityJob] = useState<Job | null>(null);
  const [extending, setExtending] = useState<(ExtendTarget & { clusterId: string }) | null>(null);

  /** Sends the action and says how it went; answers whether it worked. */
  const send = async (job: Job, action: JobAction, extra: BodyOf<typeof jobAction> = {}): Promise<boolean> => {
    try {
      await mutation.mutateAsync({ jobId: job.jobId, action, body: { clusterId: job.clusterId, ...extra } });
      void message.success(t(`done.${action}`, { id: job.jobId }));
      return true;
    } catch (e) {
      void message.error(errorText(e));
      return false;
    }
  };

  /** `extendable`: seconds the time limit can still grow (null = no bound). */
  const run = (job: Job, action: JobAction, extendable: number | null = null) => {
    if (action === 'priority') return setPriorityJob(job);
    if (action === 'extend')
      return setExtending({ jobId: job.jobId, clusterId: job.clusterId, timeLimit: job.timeLimit, extendable });
    if (!needsConfirmation(action)) return void send(job, action);
    modal.confirm({
      title: t(`confirm.${action}`, { id: job.jobId }),
      content: t(`confirm.${action}Hint`),
      // "Cancel" would be ambiguous next to "cancel the job": the buttons say what they do.
      okText: t(`confirm.${action}Ok`),
      okButtonProps: { danger: true },
      cancelText: t('confirm.back'),
      onOk: () => send(job, action),
    });
  };

  const dialogs = (
    <>
      <PriorityDialog
        job={priorityJob}
        loading={mutation.isPending}
        onCancel={() => setPriorityJob(null)}
        onOk={(priority) =>
          priorityJob && void send(priorityJob, 'priority', { priority }).then((ok) => ok && setPriorityJob(null))
        }
      />
      <ExtendTimeDialog
        target={extending}
        loading={mutation.isPending}
        onCancel={() => setExtending(null)}
        onOk={(v) => extending && void send({ ...extending, priority: 0 }, 'extend', v).then((ok) => ok && setExtending(null))}
      />
    </>
  );
  return { run, dialogs, busy: mutation.isPending };
};
