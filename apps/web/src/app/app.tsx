import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { colorSchemeManager, useColorSchemeToggle } from './color-scheme';
import { AlertModal } from './layout/alert-modal';
import { appRoutes } from './router';
import { useSessionQuery } from './session';

export const theme = createTheme({
  fontFamily:
    "'Pretendard Variable', Pretendard, -apple-system, BlinkMacSystemFont, system-ui, 'Apple SD Gothic Neo', 'Noto Sans KR', 'Malgun Gothic', sans-serif",
  headings: { fontFamily: "'Pretendard Variable', Pretendard, system-ui, sans-serif" },
  primaryColor: 'blue',
  defaultRadius: 'sm',
  fontSizes: { md: '0.9375rem' },
});

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
}

/** Nothing renders until the login-status check completes (spec §2). */
function SessionGate({ createRouter }: { createRouter: () => ReturnType<typeof createBrowserRouter> }) {
  useColorSchemeToggle(); // keeps the body `dark` class in sync on every screen
  const session = useSessionQuery();
  const [router] = useState(createRouter);
  if (session.isPending) return null;
  return (
    <>
      <RouterProvider router={router} />
      <AlertModal />
    </>
  );
}

type Props = { queryClient?: QueryClient; createRouter?: () => ReturnType<typeof createBrowserRouter> };

export function App({ queryClient, createRouter = () => createBrowserRouter(appRoutes) }: Props) {
  const client = useMemo(() => queryClient ?? createQueryClient(), [queryClient]);
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
      <Notifications position="bottom-right" />
      <QueryClientProvider client={client}>
        <SessionGate createRouter={createRouter} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
