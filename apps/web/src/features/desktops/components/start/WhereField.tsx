import { Form, Radio, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** Login node or compute node; a role that may not submit jobs sees the job choice disabled, with the reason. */
export const WhereField = ({ jobsAllowed }: { jobsAllowed: boolean }) => {
  const { t } = useTranslation('desktops');
  return (
    <Form.Item name="sessionType" label={t('start.where')} extra={t('start.whereHint')}>
      <Radio.Group data-testid="desktop-session-type">
        <Radio value="login">{t('type.login')}</Radio>
        <Tooltip title={jobsAllowed ? undefined : t('start.jobsNotAllowed')}>
          <Radio value="job" disabled={!jobsAllowed}>
            {t('type.job')}
          </Radio>
        </Tooltip>
      </Radio.Group>
    </Form.Item>
  );
};
