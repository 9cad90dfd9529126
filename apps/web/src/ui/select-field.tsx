import { Select, type SelectProps } from '@mantine/core';

export type SelectOption = { value: string; label: string; disabled?: boolean };

type Props = Omit<SelectProps, 'data' | 'onChange' | 'value'> & {
  label: string;
  options: SelectOption[];
  value: string | null;
  onChange: (value: string | null) => void;
};

/** Spec §2 select dropdown wrapper: always labelled, keyboard searchable, error shown under the field. */
export function SelectField({ label, options, value, onChange, ...rest }: Props) {
  return (
    <Select
      label={label}
      data={options}
      value={value}
      onChange={(v) => onChange(v)}
      allowDeselect={false}
      checkIconPosition="right"
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
}
