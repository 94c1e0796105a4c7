import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { PersonalInfoForm } from '../components/PersonalInfoForm';

const PersonalCenterPage = () => {
  const { t } = useTranslation('profile');
  return (
    <Card title={t('title')}>
      <Tabs
        items={[
          { key: 'info', label: t('infoTab'), children: <PersonalInfoForm /> },
          { key: 'password', label: t('passwordTab'), children: <ChangePasswordForm /> },
        ]}
      />
    </Card>
  );
};

export default PersonalCenterPage;
