import { AccountMessageResponse, AccountResponse, AccountSessionsResponse } from '@rr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http';
import { useSessionActions } from '../../app/session';

const ACCOUNT = ['account'] as const;
const SESSIONS = ['account-sessions'] as const;

/** The signed-in user's own account and the calls that change it (issue 42). */
export function useAccount() {
  const queryClient = useQueryClient();
  const session = useSessionActions();
  const account = useQuery({
    queryKey: ACCOUNT,
    queryFn: ({ signal }) => http.get('/api/account', AccountResponse, { signal }),
  });
  const save = useMutation({
    mutationFn: (body: { name?: string; phone?: string | null }) =>
      http.request('PATCH', '/api/account', AccountMessageResponse, { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ACCOUNT });
      await session.refresh();
    },
  });
  const changePassword = useMutation({
    mutationFn: (body: { current: string; next: string }) =>
      http.post('/api/account/password', AccountMessageResponse, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS }),
  });
  return { account, save, changePassword };
}

/** The user's signed-in browsers, and ending one of them. */
export function useAccountSessions() {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: SESSIONS,
    queryFn: ({ signal }) => http.get('/api/account/sessions', AccountSessionsResponse, { signal }),
  });
  const revoke = useMutation({
    mutationFn: (id: string) =>
      http.request('DELETE', `/api/account/sessions/${encodeURIComponent(id)}`, AccountMessageResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS }),
  });
  return { list, revoke };
}
