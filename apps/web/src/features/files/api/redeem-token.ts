import { useMutation } from '@tanstack/react-query';
import { redeemUserAuthToken } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** Trades the token the console handed this window for a session. */
export const useRedeemToken = () => useMutation({ mutationFn: (token: string) => api(redeemUserAuthToken, { body: { token } }) });
