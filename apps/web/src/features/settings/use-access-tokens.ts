import type {
  CreateAccessTokenResponse,
  DeleteAccessTokenResponse,
  ListAccessTokensResponse,
} from '@rr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http';

const KEY = ['access-tokens'] as const;

/** The signed-in user's extension tokens, and the calls that make and revoke them. */
export function useAccessTokens() {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => http.get<ListAccessTokensResponse>('/api/tokens', { signal }),
  });
  const create = useMutation({
    mutationFn: (name: string) => http.post<CreateAccessTokenResponse>('/api/tokens', { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const revoke = useMutation({
    mutationFn: (id: string) =>
      http.request<DeleteAccessTokenResponse>('DELETE', `/api/tokens/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  return { list, create, revoke };
}
