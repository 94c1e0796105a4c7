import { Alert, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApplicationKind } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { useMyAccounts } from '../../api/my-accounts';
import type { ApplyValues } from './apply-model';
import { ApplyForm } from './ApplyForm';

interface Props {
  kinds: ApplicationKind[];
  initial: Partial<ApplyValues>;
  onClose: () => void;
}

/** The application form in a dialog, mounted only while open (each opening starts afresh). */
export const ApplyDialog = ({ kinds, initial, onClose }: Props) => {
  const { t } = useTranslation('applications');
  const errorText = useErrorText();
  const accounts = useMyAccounts();
  return (
    <Modal open title={t('apply.title')} onCancel={onClose} footer={null} width={560}>
      {accounts.isError ? (
        <Alert type="error" showIcon title={errorText(accounts.error)} />
      ) : accounts.data ? (
        <ApplyForm kinds={kinds} accounts={accounts.data} initial={initial} onDone={onClose} onCancel={onClose} />
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
};
