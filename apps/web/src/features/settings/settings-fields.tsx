import { Checkbox, PasswordInput, TextInput } from '@mantine/core';
import type { Dispatch } from 'react';
import { useProductsT } from '../../shared/products/i18n';
import type { CheckField, SettingsAction, TextField } from './settings-state';
import type { SettingsErrors, SettingsForm } from './validate';

export type FieldProps = { form: SettingsForm; errors: SettingsErrors; dispatch: Dispatch<SettingsAction> };

/** The Korean message of a field's error key (settings.v.*), if any. */
export function useFieldError(errors: SettingsErrors) {
  const { t } = useProductsT();
  return (k: keyof SettingsForm) => (errors[k] ? t(`settings.v.${errors[k]}`) : undefined);
}

export function SettingsText({
  field,
  label,
  placeholder,
  form,
  errors,
  dispatch,
}: FieldProps & { field: TextField; label: string; placeholder?: string }) {
  const err = useFieldError(errors);
  return (
    <TextInput
      size="xs"
      label={label}
      value={form[field]}
      onChange={(e) => dispatch({ type: 'text', field, value: e.currentTarget.value })}
      error={err(field)}
      {...(placeholder ? { placeholder } : {})}
    />
  );
}

/** An API key field: masked as read back; `stored` says whether a key is kept on the server. */
export function SettingsKey({
  field,
  label,
  stored,
  form,
  errors,
  dispatch,
}: FieldProps & { field: 'geminiAPIKey' | 'openaiAPIKey'; label: string; stored: boolean }) {
  const { t } = useProductsT();
  const err = useFieldError(errors);
  return (
    <PasswordInput
      size="xs"
      label={label}
      value={form[field]}
      onChange={(e) => dispatch({ type: 'text', field, value: e.currentTarget.value })}
      description={stored ? t('settings.keyStored') : t('settings.keyNone')}
      error={err(field)}
      autoComplete="off"
      visibilityToggleButtonProps={{ 'aria-label': t('settings.toggleKey') }}
    />
  );
}

export function SettingsCheck({
  field,
  label,
  form,
  dispatch,
}: Omit<FieldProps, 'errors'> & { field: CheckField; label: string }) {
  return (
    <Checkbox
      size="xs"
      label={label}
      checked={form[field]}
      onChange={(e) => dispatch({ type: 'check', field, value: e.currentTarget.checked })}
    />
  );
}
