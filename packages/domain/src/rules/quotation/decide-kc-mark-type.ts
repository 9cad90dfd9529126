import { NOT_APPLICABLE } from '../../constants.ts';
import { isEmptyValue } from '../document/is-empty-value.ts';

/**
 * Q §3 legalPage.kcMarkType with the quotation's certificates: a type the document already has is
 * kept; otherwise, when no certificate holds a real number, 해당사항없음 (the value Supplier Hub
 * drafts carry for goods without KC certification); else null (the seller chooses).
 */
export function decideKcMarkType(
  current: string | null | undefined,
  certificates: readonly { value?: string | null | undefined }[],
): string | null {
  if (!isEmptyValue(current)) return current as string;
  const certified = certificates.some((c) => !isEmptyValue(c.value) && c.value !== NOT_APPLICABLE);
  return certified ? null : NOT_APPLICABLE;
}
