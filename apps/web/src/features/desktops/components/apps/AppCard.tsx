import { Button, Card, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AppTemplate } from '@portal/shared';
import { currentLanguage } from '../../../../lib/i18n';
import { appActions, submitJobPath } from '../../lib/app-actions';
import { AppSettings } from './AppSettings';

interface Props {
  app: AppTemplate;
  /** The caller may configure applications (system:config). */
  admin: boolean;
  /** The caller may submit jobs (jobs:submit). */
  jobsAllowed: boolean;
  onStart(app: AppTemplate): void;
}

/** One application: what it is, how it runs (desktop, batch job), and for administrators its settings. */
export const AppCard = ({ app, admin, jobsAllowed, onStart }: Props) => {
  const { t } = useTranslation('desktops');
  const navigate = useNavigate();
  const lang = currentLanguage();
  const name = app.name[lang];
  const actions = appActions(app);
  // Only administrators see an application that is not offered; they switch it on first.
  const offReason = app.enabled ? undefined : t('apps.notOffered');
  return (
    <Card
      size="small"
      title={name}
      data-testid={`app-${app.id}`}
      extra={
        <Space size={0}>
          {app.modes.map((m) => (
            <Tag key={m}>{t(`apps.mode.${m}`)}</Tag>
          ))}
        </Space>
      }
      style={{ height: '100%' }}
    >
      <Typography.Paragraph type="secondary">{app.description[lang]}</Typography.Paragraph>
      <Space wrap>
        {actions.desktop && (
          <Tooltip title={offReason}>
            <Button
              type="primary"
              disabled={!app.enabled}
              onClick={() => onStart(app)}
              aria-label={t('apps.startLabel', { app: name })}
              data-testid={`app-start-${app.id}`}
            >
              {t('apps.startDesktop')}
            </Button>
          </Tooltip>
        )}
        {actions.batch && (
          <Tooltip title={offReason ?? (jobsAllowed ? undefined : t('apps.jobsNotAllowed'))}>
            <Button
              disabled={!app.enabled || !jobsAllowed}
              onClick={() => void navigate(submitJobPath(app))}
              aria-label={t('apps.submitLabel', { app: name })}
              data-testid={`app-submit-${app.id}`}
            >
              {t('apps.submitJob')}
            </Button>
          </Tooltip>
        )}
      </Space>
      {admin && <AppSettings app={app} name={name} />}
    </Card>
  );
};
