import { LoginStatusResponse } from '@rr/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { errorMessage, http, setHttpIdentity } from './http';
import type { UserInfo } from './user-info';

export const LOGIN_SUCCESS = 'Login success';

export type Session = {
  user: UserInfo | null;
  /** The login-status message when not signed in (alerted on protected routes), else null. */
  message: string | null;
  locked: boolean;
  demo: boolean;
};

export const SESSION_QUERY_KEY = ['loginstatus'] as const;

function applyIdentity(session: Session): Session {
  setHttpIdentity(session.user ? { companyId: session.user.companyid, userId: session.user._id } : null);
  return session;
}

export async function fetchSession(): Promise<Session> {
  try {
    const answer = await http.post('/api/loginstatus', LoginStatusResponse);
    if (answer.loginstatus === LOGIN_SUCCESS && answer.userinfo) {
      return applyIdentity({ user: answer.userinfo, message: null, locked: false, demo: !!answer.demo });
    }
    return applyIdentity({
      user: null,
      message: answer.loginstatus || null,
      locked: !!answer.locked,
      demo: !!answer.demo,
    });
  } catch (err) {
    return applyIdentity({ user: null, message: errorMessage(err), locked: false, demo: false });
  }
}

export function useSessionQuery() {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

const SIGNED_OUT: Session = { user: null, message: null, locked: false, demo: false };

/** The session as of the last login-status check (the app renders only after the first one). */
export function useSession(): Session {
  return useSessionQuery().data ?? SIGNED_OUT;
}

export function useSessionActions() {
  const client = useQueryClient();
  return useMemo(
    () => ({
      signedIn(user: UserInfo) {
        const prev = client.getQueryData<Session>(SESSION_QUERY_KEY);
        client.setQueryData<Session>(
          SESSION_QUERY_KEY,
          applyIdentity({ user, message: null, locked: false, demo: prev?.demo ?? false }),
        );
      },
      /** Signed out on purpose: no message to alert. */
      signedOut() {
        const prev = client.getQueryData<Session>(SESSION_QUERY_KEY);
        client.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
        client.setQueryData<Session>(
          SESSION_QUERY_KEY,
          applyIdentity({ ...SIGNED_OUT, demo: prev?.demo ?? false }),
        );
      },
      locked() {
        const prev = client.getQueryData<Session>(SESSION_QUERY_KEY);
        client.setQueryData<Session>(
          SESSION_QUERY_KEY,
          applyIdentity({ ...SIGNED_OUT, locked: true, demo: prev?.demo ?? false }),
        );
      },
      refresh: () => client.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 0 }),
    }),
    [client],
  );
}
