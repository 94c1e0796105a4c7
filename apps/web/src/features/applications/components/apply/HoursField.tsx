import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { QUOTA_LIMIT_MAX } from '@portal/shared';
import { hoursValid } from './apply-model';

/** How many more core-hours or card-hours. */
export const HoursField = ({ unit }: { unit: string }) => {
  const { t } = useTranslation('applications');
  return (
    <Form.Item
      name="hours"
      label={t('apply.hours')}
      required
      rules={[
        {
          validator: (_, v: string | undefined) =>
            hoursValid(v) ? Promise.resolve() : Promise.reject(new Error(t('apply.hoursRule', { max: QUOTA_LIMIT_MAX }))),
        },
      ]}
    >
      <Input inputMode="numeric" autoComplete="off" suffix={unit} />
    </Form.Item>
  );
};
