import { AuthMessageResponse, AuthResponse, DemoAccountResponse } from '@rr/contracts';
import { http } from '../../app/http';

export type DemoAccount = DemoAccountResponse;

export const signIn = (body: { email: string; password: string }) =>
  http.post('/api/auth/login', AuthResponse, body);
export const signUp = (body: { companyName: string; name: string; email: string; password: string }) =>
  http.post('/api/auth/signup', AuthResponse, body);
export const signOut = () => http.post('/api/auth/logout', AuthMessageResponse);
export const fetchDemoAccount = () => http.get('/api/auth/demo', DemoAccountResponse);
export const lockScreen = () => http.post('/api/auth/lock', AuthMessageResponse);
export const unlockScreen = (password: string) =>
  http.post('/api/auth/unlock', AuthMessageResponse, { password });
export const requestPasswordReset = (email: string) =>
  http.post('/api/auth/forgot-password', AuthMessageResponse, { email });
export const resetPassword = (token: string, password: string) =>
  http.post('/api/auth/reset-password', AuthMessageResponse, { token, password });
