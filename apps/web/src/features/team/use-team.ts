import {
  AuthResponse,
  InvitationInfoResponse,
  InviteUserResponse,
  ListUsersResponse,
  OutboxResponse,
  UpdateUserResponse,
} from '@rr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http';

const USERS = ['team-users'] as const;
const OUTBOX = ['demo-outbox'] as const;

export type Flags = Record<string, boolean>;

/** The company's users and open invitations, and the calls that invite and change them (issue 42). */
export function useTeam() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: USERS }),
      queryClient.invalidateQueries({ queryKey: OUTBOX }),
    ]);
  const list = useQuery({
    queryKey: USERS,
    queryFn: ({ signal }) => http.get('/api/users', ListUsersResponse, { signal }),
  });
  const invite = useMutation({
    mutationFn: (body: { email: string; name: string; flags: Flags }) =>
      http.post('/api/users/invitations', InviteUserResponse, body),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: { id: string; flags?: Flags; active?: boolean }) =>
      http.request('PATCH', `/api/users/${encodeURIComponent(id)}`, UpdateUserResponse, { body }),
    onSuccess: refresh,
  });
  return { list, invite, update };
}

/** The demo's outbox: the mails the server kept instead of sending (demo mode only). */
export function useOutbox(enabled: boolean) {
  return useQuery({
    queryKey: OUTBOX,
    enabled,
    queryFn: ({ signal }) => http.get('/api/demo/outbox', OutboxResponse, { signal }),
  });
}

export const fetchInvitation = (token: string) =>
  http.get(`/api/auth/invitations/${encodeURIComponent(token)}`, InvitationInfoResponse);

export const acceptInvitation = (body: { token: string; name: string; password: string }) =>
  http.post('/api/auth/invitations/accept', AuthResponse, body);
