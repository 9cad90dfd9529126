import { PASSWORD_MIN_LENGTH } from '@rr/domain';
import type { TFunction } from 'i18next';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Korean (or English) messages for the sign-in forms, shown next to each field. */
export function makeValidators(t: TFunction) {
  return {
    required: (value: string, field: string) =>
      value.trim() === '' ? t('form.required', { field }) : undefined,
    email: (value: string) =>
      value.trim() === ''
        ? t('form.required', { field: t('form.email') })
        : EMAIL.test(value.trim())
          ? undefined
          : t('form.emailInvalid'),
    password: (value: string) =>
      value === ''
        ? t('form.required', { field: t('form.password') })
        : value.length < PASSWORD_MIN_LENGTH
          ? t('form.passwordMin', { min: PASSWORD_MIN_LENGTH })
          : undefined,
    confirm: (value: string, password: string) =>
      value !== password ? t('form.passwordMismatch') : undefined,
  };
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}

/** Focus the first invalid field so keyboard users land on what needs fixing. */
export function focusFirstError(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
