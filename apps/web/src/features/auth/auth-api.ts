import { http } from '../../app/http';
import type { UserInfo } from '../../app/user-info';

type AuthAnswer = { res: 'success'; userinfo: UserInfo };
type MessageAnswer = { res: 'success'; message?: string };
export type DemoAccount = { demo: boolean; email?: string; password?: string };

export const signIn = (body: { email: string; password: string }) =>
  http.post<AuthAnswer>('/api/auth/login', body);
export const signUp = (body: { companyName: string; name: string; email: string; password: string }) =>
  http.post<AuthAnswer>('/api/auth/signup', body);
export const signOut = () => http.post<MessageAnswer>('/api/auth/logout');
export const fetchDemoAccount = () => http.get<DemoAccount>('/api/auth/demo');
export const lockScreen = () => http.post<MessageAnswer>('/api/auth/lock');
export const unlockScreen = (password: string) => http.post<MessageAnswer>('/api/auth/unlock', { password });
export const requestPasswordReset = (email: string) =>
  http.post<MessageAnswer>('/api/auth/forgot-password', { email });
export const resetPassword = (token: string, password: string) =>
  http.post<MessageAnswer>('/api/auth/reset-password', { token, password });
