import { useCan, useSession } from '../../../lib/session';
import { useMyUserInfo } from '../api/my-accounts';

/**
 * What the caller may ask for and review. A longer run time: gold mode on and an account of
 * their own (spec section 6's walltimeApply rule, as the server's menu applies it). Reviewing:
 * administrators, and the owners (PIs) of accounts; the server still decides per application.
 */
export const useApplyRules = () => {
  const { indexData } = useSession();
  const can = useCan();
  const info = useMyUserInfo();
  const held = info.data?.accounts ?? [];
  const goldEnable = !!indexData?.goldEnable;
  return {
    loaded: info.data !== undefined || info.isError,
    error: info.error,
    goldEnable,
    holdsAccount: held.length > 0,
    wallTime: goldEnable && held.length > 0,
    reviews: can('quotas:manage') || held.some((a) => a.isOwner),
  };
};
