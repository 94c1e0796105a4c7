import { App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QUOTA_LIMIT_MAX, type QuotaItem } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { useSetQuota } from '../../api/set-quota';
import { formatHours, metersOf } from './quota-numbers';
import { LIMIT_FIELDS, limitProblem, toQuotaBody, valuesOf, type QuotaTarget, type QuotaValues } from './quota-form-model';

interface Props {
  /** Whose limits are edited. */
  target: QuotaTarget;
  /** The limits as they are now (undefined: none set). */
  current: QuotaItem | undefined;
  onClose: () => void;
}

/**
 * An administrator sets an account's limits, or a member's within it; blank means no limit.
 * Mounted only while open, so each opening starts from the limits as they are.
 */
export const QuotaFormDialog = ({ target, current, onClose }: Props) => {
  const { t } = useTranslation('quotas');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<QuotaValues>();
  const save = useSetQuota();
  const submit = (v: QuotaValues) =>
    save.mutate(toQuotaBody(target, v), {
      onSuccess: () => {
        void message.success(t('form.done'));
        onClose();
      },
      onError: (e) => void message.error(errorText(e)),
    });

  const title = target.userName
    ? t('form.memberTitle', { user: target.userName, name: target.accountName })
    : t('form.accountTitle', { name: target.accountName });
  const used = current && metersOf(current);
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okText={t('form.save')}
      onOk={() => void form.validateFields().then(submit)}
      width={440}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t(target.userName ? 'form.memberHint' : 'form.accountHint')}
        {used &&
          ` ${t('form.usedNow', {
            core: formatHours(used.coreHours.used),
            card: formatHours(used.cardHours.used),
            jobs: used.runningJobs.used,
          })}`}
      </Typography.Paragraph>
      <Form<QuotaValues> form={form} layout="vertical" onFinish={submit} initialValues={valuesOf(current)}>
        {LIMIT_FIELDS.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(`form.${field}`)}
            rules={[
              {
                validator: (_, value: string | undefined) => {
                  const problem = limitProblem(value ?? '');
                  return problem ? Promise.reject(new Error(t(`form.${problem}`, { max: QUOTA_LIMIT_MAX }))) : Promise.resolve();
                },
              },
            ]}
          >
            <Input inputMode="numeric" autoComplete="off" placeholder={t('meter.noLimit')} allowClear />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
};
