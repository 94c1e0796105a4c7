import { useMutation } from '@tanstack/react-query';
import { registerUser, type BodyOf } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { checkRegistrationCode } from './check-code-register';

/** Checks the captcha code, then registers with the same rand. */
export const useRegister = () =>
  useMutation({
    mutationFn: async ({ code, ...body }: BodyOf<typeof registerUser> & { code: string }) => {
      await checkRegistrationCode({ rand: body.rand, code });
      return api(registerUser, { body });
    },
  });
