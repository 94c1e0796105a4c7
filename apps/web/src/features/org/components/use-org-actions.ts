import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrgUnit } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { useCreateOrgUnit } from '../api/create-org-unit';
import { useDeleteOrgUnit } from '../api/delete-org-unit';
import { useModifyOrgUnit } from '../api/modify-org-unit';
import type { OrgDialogMode, OrgDialogValues } from './OrgUnitDialog';

/** Create, rename, move and delete units: the dialog's state, the calls and what they say. */
export const useOrgActions = (select: (id: number | null) => void) => {
  const { t } = useTranslation('org');
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const [mode, setMode] = useState<OrgDialogMode | null>(null);
  const create = useCreateOrgUnit();
  const modify = useModifyOrgUnit();
  const remove = useDeleteOrgUnit();
  const onError = (e: unknown) => void message.error(errorText(e));
  const done = (unit: OrgUnit) => {
    void message.success(t('saved', { name: unit.name }));
    setMode(null);
    select(unit.id);
  };

  const save = (v: OrgDialogValues) => {
    if (!mode) return;
    const name = v.name?.trim() ?? '';
    if (mode.kind === 'company') create.mutate({ name, kind: 'company' }, { onSuccess: done, onError });
    else if (mode.kind === 'department')
      create.mutate({ name, kind: 'department', parentId: mode.parent.id }, { onSuccess: done, onError });
    else if (mode.kind === 'rename') modify.mutate({ id: mode.unit.id, change: { name } }, { onSuccess: done, onError });
    else modify.mutate({ id: mode.unit.id, change: { parentId: v.parentId ?? null } }, { onSuccess: done, onError });
  };
  const onDelete = (unit: OrgUnit) =>
    remove.mutate(unit.id, {
      onSuccess: () => {
        void message.success(t('delete.done', { name: unit.name }));
        select(unit.parentId);
      },
      // A refusal (not empty) says what the unit still holds, in the page's language.
      onError: (e) => void modal.error({ title: t('delete.refused', { name: unit.name }), content: errorText(e) }),
    });

  return {
    mode,
    setMode,
    saving: create.isPending || modify.isPending,
    deleting: remove.isPending,
    save,
    onDelete,
  };
};
