import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/auth/auth-context';
import { useApi } from '@/lib/api';

/** Cache key of GET /account for one user; shared by the AuthProvider and the screens. */
export const accountQueryKey = (userId: string) => ['account', userId] as const;

/** GET /account (profile and subscription) for the signed-in user. */
export function useAccountQuery() {
  const { user } = useAuth();
  const api = useApi();
  const userId = user?.userId ?? '';
  return useQuery({
    queryKey: accountQueryKey(userId),
    queryFn: () => api.getAccount(),
    enabled: userId !== '',
  });
}
