import { App, DatePicker, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/errors';
import { useCreatePrice } from '../api/bills-api';
import { useClusterChoices, useQueueChoices } from '../api/price-choices';
import { ACCOUNT_CLASS_PATTERN } from './AccountClassDialog';
import { PRICE_PATTERN } from '../../../lib/money';

interface Values {
  clusterId: string;
  queue: string;
  accountClass?: string;
  coreHourPrice: string;
  cardHourPrice: string;
  effectiveFrom: Dayjs;
  remark?: string;
}

/** An administrator adds a price for a cluster, queue and/or account class from a day on. */
export const PriceFormDialog = ({ currency, onClose }: { currency: string; onClose: () => void }) => {
  const { t } = useTranslation('bills');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const clusterId = Form.useWatch('clusterId', form);
  const clusters = useClusterChoices();
  const queues = useQueueChoices(clusterId || undefined);
  const create = useCreatePrice();
  const submit = (v: Values) =>
    create.mutate(
      {
        clusterId: v.clusterId,
        queue: v.queue,
        accountClass: v.accountClass?.trim() ?? '',
        coreHourPrice: v.coreHourPrice.trim(),
        cardHourPrice: v.cardHourPrice.trim(),
        effectiveFrom: v.effectiveFrom.format('YYYY-MM-DD'),
        remark: v.remark?.trim() ?? '',
      },
      {
        onSuccess: () => {
          void message.success(t('prices.form.done'));
          onClose();
        },
        // The server says why (an issued month, the same target and day twice).
        onError: (e) => void message.error(errorText(e)),
      },
    );
  const price = (name: 'coreHourPrice' | 'cardHourPrice') => (
    <Form.Item
      name={name}
      label={`${t(`prices.form.${name}`)} (${currency})`}
      rules={[
        { required: true, whitespace: true, message: t('prices.form.priceRequired') },
        { pattern: PRICE_PATTERN, message: t('prices.form.priceInvalid') },
      ]}
    >
      <Input inputMode="decimal" autoComplete="off" placeholder="0.0000" />
    </Form.Item>
  );
  return (
    <Modal
      open
      title={t('prices.form.title')}
      onCancel={onClose}
      confirmLoading={create.isPending}
      onOk={() => void form.validateFields().then(submit)}
      width={480}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={{ clusterId: '', queue: '' }}>
        <Form.Item name="clusterId" label={t('prices.form.cluster')}>
          <Select
            loading={clusters.isPending}
            onChange={() => form.setFieldValue('queue', '')}
            options={[
              { value: '', label: t('prices.form.anyCluster') },
              ...(clusters.data ?? []).map((c) => ({ value: c.id, label: c.name || c.id })),
            ]}
          />
        </Form.Item>
        <Form.Item name="queue" label={t('prices.form.queue')}>
          <Select
            showSearch
            loading={queues.isFetching}
            options={[
              { value: '', label: t('prices.form.anyQueue') },
              ...(queues.data ?? []).map((q) => ({ value: q.name, label: q.name })),
            ]}
          />
        </Form.Item>
        <Form.Item
          name="accountClass"
          label={t('prices.form.class')}
          extra={t('prices.form.classHelp')}
          rules={[{ pattern: ACCOUNT_CLASS_PATTERN, message: t('prices.form.classInvalid') }]}
        >
          <Input allowClear maxLength={32} autoComplete="off" />
        </Form.Item>
        {price('coreHourPrice')}
        {price('cardHourPrice')}
        <Form.Item
          name="effectiveFrom"
          label={t('prices.form.effectiveFrom')}
          extra={t('prices.form.effectiveHelp')}
          rules={[{ required: true, message: t('prices.form.effectiveRequired') }]}
        >
          <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label={t('prices.form.remark')}>
          <Input maxLength={128} showCount autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
