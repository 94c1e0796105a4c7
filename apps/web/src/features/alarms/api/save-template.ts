import { alarmTemplatesCreate, alarmTemplatesModify, type TemplateInput } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useAlarmsMutation } from './use-alarms-mutation';

/** Adds a template (no id) or replaces one's fields, resources and indicators. */
export const useSaveTemplate = () =>
  useAlarmsMutation(({ id, body }: { id: number | null; body: TemplateInput }) =>
    id === null ? api(alarmTemplatesCreate, { body }) : api(alarmTemplatesModify, { body: { ...body, id } }),
  );
