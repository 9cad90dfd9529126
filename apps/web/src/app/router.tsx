import { useTranslation } from 'react-i18next';
import { type RouteObject, useRouteError } from 'react-router';
import ConfirmMailPage from '../features/auth/confirm-mail-page';
import ForgotPasswordPage from '../features/auth/forgot-password-page';
import LockScreenPage from '../features/auth/lock-screen-page';
import RecoverPasswordPage from '../features/auth/recover-password-page';
import ResetPasswordPage from '../features/auth/reset-password-page';
import SignFailPage from '../features/auth/sign-fail-page';
import SignInPage from '../features/auth/sign-in-page';
import SignUpPage from '../features/auth/sign-up-page';
import { MaintenancePage, NotFoundPage, ServerErrorPage } from '../features/pages/status-page';
import InvitationPage from '../features/team/invitation-page';
import { ComingSoon } from '../ui/coming-soon';
import { AuthLayout } from './layout/auth-layout';
import { MainLayout, type RouteHandle } from './layout/main-layout';
import { routeLabelKey } from './layout/sidebar';
import { EXTRA_ROUTE_NAMES, hasScreen, MAIN_ROUTE_NAMES, type RouteName } from './route-catalog';
import { routeScreens } from './route-table';

function Placeholder({ name }: { name: RouteName }) {
  const { t } = useTranslation();
  return <ComingSoon title={t(routeLabelKey(name))} />;
}

function mainRoute(
  name: (typeof MAIN_ROUTE_NAMES)[number] | (typeof EXTRA_ROUTE_NAMES)[number],
): RouteObject {
  const path = name.startsWith('extra.') ? `extra-pages/${name.slice(6)}` : name;
  const handle: RouteHandle = { routeName: name };
  if (hasScreen(name)) {
    const load = routeScreens[name];
    return { path, handle, lazy: async () => ({ Component: (await load()).default }) };
  }
  // A named route without its screen (PLACEHOLDER_ROUTES): reachable by URL, never in the menu.
  return { path, handle, element: <Placeholder name={name} /> };
}

const authPages: [RouteName, string, React.ComponentType][] = [
  ['auth.sign-fail', 'sign-fail', SignFailPage],
  ['auth.sign-up', 'sign-up', SignUpPage],
  ['auth.recover-password', 'recover-password', RecoverPasswordPage],
  ['auth.lock-screen', 'lock-screen', LockScreenPage],
  ['auth.confirm-mail', 'confirm-mail', ConfirmMailPage],
  ['auth.forgot-password', 'forgot-password', ForgotPasswordPage],
  ['auth.reset-password', 'reset-password/:token', ResetPasswordPage],
  ['auth.invitation', 'invitation/:token', InvitationPage],
];

/** Every route of spec §2 in its layout group (history mode; see main.tsx). */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AuthLayout />,
    children: [{ index: true, handle: { routeName: 'auth.login' }, Component: SignInPage }],
  },
  {
    path: '/auth',
    element: <AuthLayout />,
    children: authPages.map(([routeName, path, Component]) => ({ path, handle: { routeName }, Component })),
  },
  {
    path: '/pages',
    element: <AuthLayout />,
    children: [
      { path: 'error-404', handle: { routeName: 'pages.error-404' }, Component: NotFoundPage },
      { path: 'error-500', handle: { routeName: 'pages.error-500' }, Component: ServerErrorPage },
      {
        path: 'pages-maintainance',
        handle: { routeName: 'pages.pages-maintainance' },
        Component: MaintenancePage,
      },
    ],
  },
  {
    element: <MainLayout />,
    errorElement: <ScreenError />,
    children: [...MAIN_ROUTE_NAMES.map(mainRoute), ...EXTRA_ROUTE_NAMES.map(mainRoute)],
  },
  {
    path: '*',
    element: (
      <AuthLayout>
        <NotFoundPage />
      </AuthLayout>
    ),
  },
];

/** A screen that throws (or fails to load) shows the 500 page instead of a blank screen. */
function ScreenError() {
  console.error('screen failed', useRouteError());
  return (
    <AuthLayout>
      <ServerErrorPage />
    </AuthLayout>
  );
}
