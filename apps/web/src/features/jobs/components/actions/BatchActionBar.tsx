import { App, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { JobAction, JobListItem } from '@portal/shared';
import { ApiError } from '../../../../lib/api-client';
import { useErrorText } from '../../../../lib/errors';
import { useJobBatchAction } from '../../api/job-batch-action';
import { BATCH_ACTIONS, batchTargets, needsConfirmation, type Viewer } from './job-abilities';

interface Props {
  selected: JobListItem[];
  viewer: Viewer;
  /** The scheduler's answer is unknown: nothing can be done until it answers again. */
  disabled: boolean;
  onDone: () => void;
}

/** Actions on the selected jobs; each goes only to the jobs it applies to and that the user may touch. */
export const BatchActionBar = ({ selected, viewer, disabled, onDone }: Props) => {
  const { t } = useTranslation('jobs');
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const batch = useJobBatchAction();

  const send = async (action: JobAction, jobIds: string[]) => {
    try {
      const { results } = await batch.mutateAsync({ action, body: { jobIds, clusterId: selected[0]?.clusterId } });
      const failed = results.filter((r) => !r.ok);
      onDone();
      if (!failed.length) return void message.success(t('batch.done', { count: results.length }));
      modal.warning({
        title: t('batch.partial', { ok: results.length - failed.length, failed: failed.length }),
        content: (
          <ul style={{ paddingInlineStart: 20, marginBottom: 0 }}>
            {failed.map((r) => (
              <li key={r.jobId}>
                {r.jobId}: {errorText(new ApiError(r.errCode, r.errMsg, 400, { reason: r.reason }))}
              </li>
            ))}
          </ul>
        ),
      });
    } catch (e) {
      void message.error(errorText(e));
    }
  };

  const ask = (action: JobAction, jobIds: string[]) => {
    const skipped = selected.length - jobIds.length;
    modal.confirm({
      title: t('batch.confirm', { action: t(`action.${action}`), count: jobIds.length }),
      content: skipped ? t('batch.skipped', { count: skipped }) : undefined,
      okText: t('batch.ok', { action: t(`action.${action}`) }),
      okButtonProps: { danger: needsConfirmation(action) },
      cancelText: t('confirm.back'),
      onOk: () => send(action, jobIds),
    });
  };

  return (
    <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }} role="toolbar" aria-label={t('batch.label')}>
      <Typography.Text type="secondary">{t('batch.selected', { count: selected.length })}</Typography.Text>
      {BATCH_ACTIONS.map((action) => {
        const ids = batchTargets(action, selected, viewer);
        return (
          <Button
            key={action}
            size="small"
            danger={action === 'cancel'}
            disabled={disabled || ids.length === 0 || batch.isPending}
            onClick={() => ask(action, ids)}
          >
            {t(`action.${action}`)}
            {ids.length > 0 ? ` (${ids.length})` : ''}
          </Button>
        );
      })}
    </Flex>
  );
};
