import { Alert, App, Button, Form, Input, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DESCRIPTION_MAX, type AccountItem, type ApplicationItem, type ApplicationKind } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { useCreateApplication } from '../../api/create-application';
import { askedFor } from '../application-text';
import { AccountField } from './AccountField';
import { needsAccount, toApplicationBody, type ApplyValues } from './apply-model';
import { HoursField } from './HoursField';
import { QueueFields } from './QueueFields';
import { WallTimeFields } from './WallTimeFields';

interface Props {
  /** The kinds offered (one: no choice shown). */
  kinds: ApplicationKind[];
  accounts: AccountItem[];
  initial: Partial<ApplyValues>;
  onDone: (a: ApplicationItem) => void;
  onCancel?: () => void;
}

/** Apply for more core-hours or card-hours, a longer run time for a job, or a queue; a reason is always asked. */
export const ApplyForm = ({ kinds, accounts, initial, onDone, onCancel }: Props) => {
  const { t } = useTranslation('applications');
  const { t: tq } = useTranslation('quotas');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<ApplyValues>();
  const create = useCreateApplication();
  const kind = Form.useWatch('kind', form) ?? initial.kind ?? kinds[0] ?? 'coreHours';
  const noAccount = accounts.length === 0;

  const submit = (v: ApplyValues) =>
    create.mutate(toApplicationBody(v), {
      onSuccess: (a) => {
        void message.success(t('apply.done', { id: a.applicationId, asked: askedFor(t, a) }));
        onDone(a);
      },
    });

  return (
    <Form<ApplyValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{ kind: kinds[0], accountName: accounts[0]?.accountName, reason: '', ...initial }}
    >
      {noAccount && <Alert type="warning" showIcon title={t('apply.noAccounts')} style={{ marginBottom: 16 }} />}
      {kinds.length > 1 ? (
        <Form.Item name="kind" label={t('apply.kind')}>
          <Radio.Group optionType="button" options={kinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))} />
        </Form.Item>
      ) : (
        // One kind offered (the run time page): no choice to show, but the value must be sent.
        <Form.Item name="kind" hidden>
          <Input />
        </Form.Item>
      )}
      {needsAccount(kind) && <AccountField accounts={accounts} />}
      {(kind === 'coreHours' || kind === 'cardHours') && <HoursField unit={tq(`unit.${kind}`)} />}
      {kind === 'wallTime' && <WallTimeFields />}
      {kind === 'queueAccess' && <QueueFields />}
      <Form.Item
        name="reason"
        label={t('apply.reason')}
        rules={[{ required: true, whitespace: true, message: t('apply.reasonRequired') }, { max: DESCRIPTION_MAX }]}
      >
        <Input.TextArea rows={3} maxLength={DESCRIPTION_MAX} showCount />
      </Form.Item>
      {create.isError && (
        <Alert
          type="error"
          showIcon
          title={t('apply.refusedTitle')}
          description={errorText(create.error)}
          style={{ marginBottom: 16 }}
        />
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={create.isPending} disabled={noAccount}>
          {t('apply.submit')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('apply.cancel')}</Button>}
      </Space>
    </Form>
  );
};
