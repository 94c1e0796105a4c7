import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const ErrorPage = ({ status, title, text }: { status: '404' | '500'; title: string; text: string }) => {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={title}
      subTitle={text}
      style={{ paddingTop: '12vh' }}
      extra={
        <Button type="primary" onClick={() => void navigate('/login')}>
          {t('page.backToLogin')}
        </Button>
      }
    />
  );
};

export const NotFoundPage = () => {
  const { t } = useTranslation('errors');
  return <ErrorPage status="404" title="404" text={t('page.notFound')} />;
};

export const ServerErrorPage = () => {
  const { t } = useTranslation('errors');
  return <ErrorPage status="500" title="500" text={t('page.serverError')} />;
};
