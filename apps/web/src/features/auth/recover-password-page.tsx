import { ForgotPasswordForm } from './forgot-password-page';

/** /auth/recover-password: the same reset-link request, titled as account recovery. */
export default function RecoverPasswordPage() {
  return <ForgotPasswordForm titleKey="auth.forgot.recoverTitle" />;
}
