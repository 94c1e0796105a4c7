import { Alert, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../../lib/errors';
import { useCan } from '../../../../lib/session';
import { useAccountQuotas } from '../../api/list-quotas';
import type { QuotaTarget } from './quota-form-model';
import { QuotaFormDialog } from './QuotaFormDialog';

/**
 * The quota dialog for an account or member, opened once the limits as they are have been read
 * (a form filled with blanks instead would save "no limit"); a failed read says why.
 */
export const AccountQuotaDialog = ({ target, onClose }: { target: QuotaTarget | null; onClose: () => void }) => {
  const { t } = useTranslation('quotas');
  const errorText = useErrorText();
  const can = useCan();
  const quotas = useAccountQuotas(target?.accountName ?? null, can('accounts:readAll'));
  if (!target) return null;
  if (quotas.isError)
    return (
      <Modal open title={t('form.accountTitle', { name: target.accountName })} onCancel={onClose} footer={null}>
        <Alert type="error" showIcon title={errorText(quotas.error)} />
      </Modal>
    );
  if (!quotas.data) return null;
  return <QuotaFormDialog target={target} current={quotas.quotaOf(target.userName ?? '')} onClose={onClose} />;
};
