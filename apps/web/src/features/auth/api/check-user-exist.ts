import { checkUserIsExist } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** Whether a user name is taken, for the registration form's live check. */
export const userNameTaken = async (userName: string): Promise<boolean> =>
  (await api(checkUserIsExist, { body: { userName, isRegisterUser: true, userRole: 10002 } })).exist;
