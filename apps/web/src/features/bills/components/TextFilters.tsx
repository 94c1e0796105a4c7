import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

export interface TextFilterValues {
  account: string;
  user: string;
  queue: string;
}

interface Props {
  values: TextFilterValues;
  onApply: (v: TextFilterValues) => void;
}

const FIELDS = ['account', 'user', 'queue'] as const;

/** Account, user and queue filters, applied with the button or Enter (typing alone does not reload). */
export const TextFilters = ({ values, onApply }: Props) => {
  const { t } = useTranslation('bills');
  const [form] = Form.useForm<TextFilterValues>();
  const apply = (v: Partial<TextFilterValues>) =>
    onApply({ account: v.account?.trim() ?? '', user: v.user?.trim() ?? '', queue: v.queue?.trim() ?? '' });
  return (
    <Form
      form={form}
      layout="inline"
      // A new address (back, a link) shows its own filters.
      key={FIELDS.map((f) => values[f]).join('\u0000')}
      initialValues={values}
      onFinish={apply}
      style={{ rowGap: 8 }}
    >
      {FIELDS.map((f) => (
        <Form.Item key={f} name={f} label={t(`filter.${f}`)}>
          <Input allowClear maxLength={64} style={{ width: 140 }} />
        </Form.Item>
      ))}
      <Form.Item>
        <Button type="primary" htmlType="submit">
          {t('filter.apply')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button onClick={() => apply({})}>{t('filter.reset')}</Button>
      </Form.Item>
    </Form>
  );
};
