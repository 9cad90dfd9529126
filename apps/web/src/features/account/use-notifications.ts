import { AccountMessageResponse, NotificationPrefs, NotificationsResponse } from '@rr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http';

const LIST = ['notifications'] as const;
const PREFS = ['notification-prefs'] as const;

/** The user's notices and their choices (issue 42). */
export function useNotifications() {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: LIST,
    queryFn: ({ signal }) => http.get('/api/notifications', NotificationsResponse, { signal }),
  });
  const prefs = useQuery({
    queryKey: PREFS,
    queryFn: ({ signal }) => http.get('/api/notifications/prefs', NotificationPrefs, { signal }),
  });
  const save = useMutation({
    mutationFn: (body: NotificationPrefs) =>
      http.request('PUT', '/api/notifications/prefs', AccountMessageResponse, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PREFS }),
  });
  const markRead = useMutation({
    mutationFn: () => http.post('/api/notifications/read', AccountMessageResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIST }),
  });
  return { list, prefs, save, markRead };
}
