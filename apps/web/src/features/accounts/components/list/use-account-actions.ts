import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountItem, CreateAccountBody } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { useCreateAccount } from '../../api/create-account';
import { useDeleteAccount } from '../../api/delete-account';
import { useModifyAccount } from '../../api/modify-account';

/** The administrator's changes to accounts: the dialog's state, saving, deleting, and what they say. */
export const useAccountActions = () => {
  const { t } = useTranslation('accounts');
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const [editing, setEditing] = useState<AccountItem | true | null>(null);
  const create = useCreateAccount();
  const modify = useModifyAccount();
  const remove = useDeleteAccount();
  const onError = (e: unknown) => void message.error(errorText(e));

  const save = ({ accountName, ...change }: CreateAccountBody) => {
    const done = {
      onSuccess: () => {
        void message.success(t(editing === true ? 'create.done' : 'edit.done', { name: accountName }));
        setEditing(null);
      },
      onError,
    };
    if (editing === true) create.mutate({ accountName, ...change }, done);
    else modify.mutate({ accountName, change }, done);
  };
  const onDelete = (a: AccountItem) =>
    remove.mutate(a.accountName, {
      onSuccess: () => void message.success(t('delete.done', { name: a.accountName })),
      onError,
    });
  const onRefusedDelete = (a: AccountItem) =>
    void modal.info({ title: t('delete.refusedTitle', { name: a.accountName }), content: t('delete.hasMembers') });

  return {
    editing,
    saving: create.isPending || modify.isPending,
    onCreate: () => setEditing(true),
    onEdit: (a: AccountItem) => setEditing(a),
    onCancel: () => setEditing(null),
    save,
    onDelete,
    onRefusedDelete,
  };
};
