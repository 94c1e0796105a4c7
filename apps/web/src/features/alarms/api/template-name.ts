import { alarmTemplatesNameCheck } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** Whether another template (not `id`) has the name already. */
export const templateNameTaken = async (name: string, id: number | null): Promise<boolean> =>
  (await api(alarmTemplatesNameCheck, { query: { name, ...(id === null ? {} : { id }) } })).exists;
