import { useMutation } from '@tanstack/react-query';
import { checkCodeRegister, checkUserIsExist, registerUser, type RegisterUserBody } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const userNameTaken = async (userName: string): Promise<boolean> =>
  (await api(checkUserIsExist, { body: { userName, isRegisterUser: true, userRole: 10002 } })).exist;

/** Checks the captcha code, then registers with the same rand. */
export const useRegister = () =>
  useMutation({
    mutationFn: async ({ code, ...body }: RegisterUserBody & { code: string }) => {
      await api(checkCodeRegister, { body: { rand: body.rand, code } });
      return api(registerUser, { body });
    },
  });
