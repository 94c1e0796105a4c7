import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { logout } from '@portal/shared';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { Logo } from '../../../components/Logo';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { loginMarker } from '../../../lib/storage';
import { ChangePasswordForm } from '../components/ChangePasswordForm';

/** Leaves without changing the password: the server session ends and the sign-in page loads afresh. */
const signOut = async () => {
  await api(logout).catch(() => undefined);
  loginMarker.clear();
  sessionStorage.clear();
  window.location.replace('/login');
};

/**
 * After a sign-in with a temporary password an administrator set: nothing else opens (the server
 * refuses other calls) until the user has chosen their own password.
 */
const ChangeTemporaryPasswordPage = () => {
  const { t } = useTranslation('profile');
  const { status, indexData } = useSession();
  const qc = useQueryClient();
  if (status === 'anonymous') return <Navigate to="/login" replace />;
  if (status === 'signedIn' && !indexData?.mustChangePassword) return <Navigate to="/" replace />;
  return (
    <Flex vertical align="center" style={{ minHeight: '100vh', padding: '8vh 16px' }}>
      <Flex style={{ position: 'absolute', top: 12, right: 16 }}>
        <LanguageSwitch />
      </Flex>
      <Flex align="center" gap={12} style={{ marginBottom: 24 }}>
        <Logo height={32} />
      </Flex>
      <Card style={{ width: '100%', maxWidth: 445 }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('temporary.title')}
        </Typography.Title>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('temporary.intro', { user: indexData?.currentUser ?? '' })}
        />
        {/* The session's start data is read again: it then says the change is done and the console opens. */}
        <ChangePasswordForm temporary onChanged={() => void qc.invalidateQueries({ queryKey: ['session'] })} />
        <Button type="link" style={{ paddingLeft: 0, marginTop: 16 }} onClick={() => void signOut()}>
          {t('temporary.signOut')}
        </Button>
      </Card>
    </Flex>
  );
};

export default ChangeTemporaryPasswordPage;
