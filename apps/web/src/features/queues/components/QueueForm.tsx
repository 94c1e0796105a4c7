import { Button, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseQueueTime, patterns } from '@portal/shared';
import { useQueueChoices } from '../api/queue-choices';
import type { QueueFormValues } from './queue-form-model';

interface Props {
  initial: QueueFormValues;
  /** Modify: the name is fixed. */
  editing: boolean;
  saving: boolean;
  onSubmit: (v: QueueFormValues) => void;
  onCancel: () => void;
}

const isTime = (v: string | undefined) => !v || v.trim().toUpperCase() === 'UNLIMITED' || parseQueueTime(v) !== null;
const seconds = (v: string | undefined) =>
  !v || v.trim().toUpperCase() === 'UNLIMITED' ? Infinity : (parseQueueTime(v) ?? Infinity);

/** A queue's name, limits, nodes and allowed accounts (add and modify). */
export const QueueForm = ({ initial, editing, saving, onSubmit, onCancel }: Props) => {
  const { t } = useTranslation('queues');
  const [form] = Form.useForm<QueueFormValues>();
  const choices = useQueueChoices();
  const allAccounts = Form.useWatch('allAccounts', form) ?? initial.allAccounts;
  const timeRule = {
    validator: (_: unknown, v: string | undefined) => (isTime(v) ? Promise.resolve() : Promise.reject(new Error(t('rule.time')))),
  };
  const limitField = (name: 'maxNodesPerJob' | 'maxCoresPerJob') => (
    <Form.Item name={name} label={t(`field.${name}`)} extra={t('field.emptyUnlimited')}>
      <InputNumber min={1} max={1_000_000} precision={0} style={{ width: 200 }} />
    </Form.Item>
  );
  return (
    <Form<QueueFormValues> form={form} layout="vertical" initialValues={initial} onFinish={onSubmit} style={{ maxWidth: 640 }}>
      <Form.Item
        name="name"
        label={t('field.name')}
        rules={[
          { required: true, message: t('rule.required', { field: t('field.name') }) },
          { pattern: patterns.lowercaseIdentifier, message: t('rule.name') },
        ]}
      >
        <Input disabled={editing} maxLength={16} spellCheck={false} />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item
          name="maxTime"
          label={t('field.maxTime')}
          rules={[{ required: true, message: t('rule.required', { field: t('field.maxTime') }) }, timeRule]}
        >
          <Input placeholder="1-00:00:00" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="defaultTime"
          label={t('field.defaultTime')}
          dependencies={['maxTime']}
          rules={[
            timeRule,
            ({ getFieldValue }) => ({
              validator: (_: unknown, v: string | undefined) =>
                !v || seconds(v) <= seconds(getFieldValue('maxTime') as string)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('rule.defaultOverMax'))),
            }),
          ]}
        >
          <Input placeholder="01:00:00" style={{ width: 200 }} />
        </Form.Item>
      </Space>
      <Space size="large" wrap>
        {limitField('maxNodesPerJob')}
        {limitField('maxCoresPerJob')}
        <Form.Item
          name="priority"
          label={t('field.priority')}
          rules={[{ required: true, message: t('rule.required', { field: t('field.priority') }) }]}
        >
          <InputNumber min={0} max={65533} precision={0} style={{ width: 200 }} />
        </Form.Item>
      </Space>
      <Form.Item
        name="nodes"
        label={t('field.nodes')}
        rules={[{ required: true, type: 'array', min: 1, message: t('rule.nodes') }]}
      >
        <Select mode="multiple" loading={choices.isPending} options={choices.data?.nodes.map((n) => ({ value: n, label: n }))} />
      </Form.Item>
      <Form.Item name="allAccounts" label={t('field.allAccounts')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {!allAccounts && (
        <Form.Item
          name="allowAccounts"
          label={t('field.allowAccounts')}
          rules={[{ required: true, type: 'array', min: 1, message: t('rule.accounts') }]}
        >
          <Select
            mode="multiple"
            loading={choices.isPending}
            options={choices.data?.accounts.map((a) => ({ value: a, label: a }))}
          />
        </Form.Item>
      )}
      <Form.Item name="state" label={t('field.state')}>
        <Radio.Group
          options={[
            { value: 'up', label: t('state.up') },
            { value: 'down', label: t('state.down') },
          ]}
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t(editing ? 'modify.save' : 'add.save')}
        </Button>
        <Button onClick={onCancel}>{t('cancel')}</Button>
      </Space>
    </Form>
  );
};
