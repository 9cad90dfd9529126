import {
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
    queryFn: ({ signal }) => http.get('/api/tokens', ListAccessTokensResponse, { signal }),
  });
  const create = useMutation({
    mutationFn: (name: string) => http.post('/api/tokens', CreateAccessTokenResponse, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const revoke = useMutation({
    mutationFn: (id: string) =>
      http.request('DELETE', `/api/tokens/${encodeURIComponent(id)}`, DeleteAccessTokenResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  return { list, create, revoke };
}
