import { Form, InputNumber, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { accountUsable, DESKTOP_HOURS, type AccountItem } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { useQueues } from '../../api/list-queues';
import {
  accountChoice,
  defaultAccount,
  hoursText,
  maxCores,
  maxHours,
  startQueue,
  usableQueues,
  type StartValues,
} from '../../lib/start-form';

interface Props {
  clusterId: string | undefined;
  /** The caller's accounts, default first (an account field only when there are several). */
  accounts: readonly AccountItem[];
  onEnter(): void;
}

/** A desktop job's queue, cores, hours and account; the queue follows the cluster and the account. */
export const JobFields = ({ clusterId, accounts, onEnter }: Props) => {
  const { t } = useTranslation('desktops');
  const errorText = useErrorText();
  const form = Form.useFormInstance<StartValues>();
  const queues = useQueues(clusterId);
  const account = Form.useWatch('account', form) ?? defaultAccount(accounts);
  const chosen = Form.useWatch('queue', form);
  const usable = useMemo(() => usableQueues(queues.data ?? [], account), [queues.data, account]);
  const queue = usable.find((q) => q.name === chosen);
  const hoursMax = maxHours(queue);

  // The default account once the accounts are known (they are read when the job choice is made).
  useEffect(() => {
    const fallback = defaultAccount(accounts);
    if (fallback && !form.getFieldValue('account')) form.setFieldValue('account', fallback);
  }, [accounts, form]);
  // The cluster's default queue once its queues are known, and again when the cluster or account leaves the choice unusable.
  useEffect(() => {
    if (usable.length && !usable.some((q) => q.name === form.getFieldValue('queue')))
      form.setFieldValue('queue', startQueue(usable)?.name);
  }, [usable, form]);

  return (
    <>
      <Form.Item
        name="queue"
        label={t('start.queue')}
        validateStatus={queues.isError ? 'warning' : undefined}
        help={queues.isError ? t('start.queuesFailed', { error: errorText(queues.error) }) : undefined}
        extra={queue && (hoursMax === null ? t('start.queueUnlimited') : t('start.queueMax', { max: hoursText(hoursMax) }))}
      >
        <Select
          data-testid="desktop-queue"
          loading={queues.isPending}
          notFoundContent={queues.isPending ? t('start.loading') : t('start.noQueues')}
          options={usable.map((q) => ({
            value: q.name,
            label: q.isDefault ? t('start.queueDefault', { queue: q.name }) : q.name,
            disabled: q.state !== 'up',
          }))}
        />
      </Form.Item>
      <Form.Item name="cores" label={t('start.cores')} rules={[{ required: true, message: t('start.coresRequired') }]}>
        <InputNumber
          data-testid="desktop-cores"
          min={1}
          max={maxCores(queue)}
          precision={0}
          onPressEnter={onEnter}
          style={{ width: 160 }}
        />
      </Form.Item>
      <Form.Item
        name="hours"
        label={t('start.hours')}
        // The limit is the queue's: another queue checks the hours again.
        dependencies={['queue']}
        extra={t('start.hoursHint')}
        rules={[
          { required: true, message: t('start.hoursRequired') },
          {
            validator: (_, v: number | null) =>
              v == null || hoursMax === null || v <= hoursMax
                ? Promise.resolve()
                : Promise.reject(new Error(t('start.hoursOverQueue', { max: hoursText(hoursMax) }))),
          },
        ]}
      >
        <InputNumber
          data-testid="desktop-hours"
          min={DESKTOP_HOURS.min}
          max={DESKTOP_HOURS.max}
          step={0.5}
          precision={2}
          suffix={t('start.hoursUnit')}
          onPressEnter={onEnter}
          style={{ width: 160 }}
        />
      </Form.Item>
      {accountChoice(accounts) && (
        <Form.Item name="account" label={t('start.account')} extra={t('start.accountHint')}>
          <Select
            data-testid="desktop-account"
            options={accounts.map((a) => ({
              value: a.accountName,
              disabled: !accountUsable(a.status),
              label: [
                a.accountName,
                a.isDefault ? t('start.accountDefault') : '',
                accountUsable(a.status) ? '' : t(`start.accountBlocked.${a.status}`),
              ]
                .filter(Boolean)
                .join(' '),
            }))}
          />
        </Form.Item>
      )}
    </>
  );
};
