import type { SchemaAttribute } from '../../entities/category-schema.ts';

export type AttributeValueCheck =
  | { readonly ok: true; readonly value: string }
  | {
      readonly ok: false;
      readonly reason: 'notAChoice' | 'notANumber' | 'unitNotAllowed' | 'empty';
      readonly allowed: readonly string[];
    };

const NUMBER_WITH_UNIT = /^\s*(\d+(?:\.\d+)?)\s*([^\d\s].*)?$/;

/**
 * A value as Coupang's Open API takes it for this attribute (attributeValueName): a SELECT value must be
 * one of inputValues; a NUMBER value is a number followed by one of the usable units (the basic unit is
 * added when the value has none: 수량 "1" → "1개"). Free text is trimmed.
 */
export function checkAttributeValue(
  attribute: Pick<
    SchemaAttribute,
    'name' | 'dataType' | 'inputType' | 'choices' | 'basicUnit' | 'usableUnits'
  >,
  raw: unknown,
): AttributeValueCheck {
  const value = raw === null || raw === undefined ? '' : String(raw).trim();
  if (value === '') return { ok: false, reason: 'empty', allowed: [] };
  if (attribute.inputType === 'SELECT' && attribute.choices.length > 0) {
    return attribute.choices.includes(value)
      ? { ok: true, value }
      : { ok: false, reason: 'notAChoice', allowed: attribute.choices };
  }
  if (attribute.dataType === 'NUMBER') {
    const m = NUMBER_WITH_UNIT.exec(value);
    if (!m) return { ok: false, reason: 'notANumber', allowed: [] };
    // The basic unit is always usable (77426's 조각 수: basic 개, usable [조각]).
    const units = [
      ...new Set([...(attribute.basicUnit ? [attribute.basicUnit] : []), ...attribute.usableUnits]),
    ];
    const unit = m[2]?.trim() ?? '';
    if (unit === '') return { ok: true, value: `${m[1]}${attribute.basicUnit ?? units[0] ?? ''}` };
    if (units.length === 0 || units.includes(unit)) return { ok: true, value: `${m[1]}${unit}` };
    return { ok: false, reason: 'unitNotAllowed', allowed: units };
  }
  return { ok: true, value };
}
