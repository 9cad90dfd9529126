import type { Message } from '../errors/app-error.ts';

export const AUTH_MESSAGES = {
  loginSuccess: { ko: 'Login success', en: 'Login success' },
  notLoggedIn: { ko: '로그인이 필요합니다.', en: 'Please sign in.' },
  locked: {
    ko: '화면이 잠겨 있습니다. 비밀번호를 입력해 잠금을 해제하세요.',
    en: 'The screen is locked. Enter your password to unlock.',
  },
  wrongCredentials: {
    ko: '이메일 또는 비밀번호가 올바르지 않습니다.',
    en: 'The email or password is incorrect.',
  },
  inactive: {
    ko: '비활성화된 계정입니다. 회사의 관리자에게 다시 활성화를 요청하세요.',
    en: "This account is deactivated. Ask your company's administrator to reactivate it.",
  },
  wrongPassword: { ko: '비밀번호가 올바르지 않습니다.', en: 'The password is incorrect.' },
  emailTaken: { ko: '이미 가입된 이메일입니다.', en: 'This email is already registered.' },
  tooManyAttempts: {
    ko: '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.',
    en: 'Too many sign-in attempts. Please try again later.',
  },
  resetSent: {
    ko: '가입된 이메일이라면 비밀번호 재설정 링크를 보냈습니다.',
    en: 'If the email is registered, a password reset link has been sent.',
  },
  resetInvalid: {
    ko: '재설정 링크가 유효하지 않거나 이미 사용되었습니다. 다시 요청해주세요.',
    en: 'The reset link is invalid or has already been used. Please request a new one.',
  },
  resetDone: {
    ko: '비밀번호가 변경되었습니다. 새 비밀번호로 로그인하세요.',
    en: 'Your password has been changed. Sign in with the new one.',
  },
  passwordRule: {
    ko: '비밀번호는 8자 이상이어야 합니다.',
    en: 'The password must be at least 8 characters.',
  },
} satisfies Record<string, Message>;
