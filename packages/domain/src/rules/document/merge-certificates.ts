import type { Certificate } from '../../entities/registration-document.ts';
import { isEmptyValue } from './is-empty-value.ts';
import { replaceChineseValue } from './normalize-attribute-value.ts';

/**
 * Q §5: certificates from the AI are applied by name; an empty AI value keeps the existing value,
 * and Chinese characters become 해당사항없음. Certificates only the AI names are appended.
 */
export function mergeCertificates(
  existing: readonly Certificate[] = [],
  incoming: readonly { certificateName: string; certificateValue?: string | null }[] = [],
): Certificate[] {
  const byName = new Map(incoming.map((c) => [c.certificateName, c.certificateValue]));
  const merged: Certificate[] = existing.map((cert) => {
    const next = byName.get(cert.certificateName);
    const value = isEmptyValue(next) ? cert.certificateValue : next;
    return {
      ...cert,
      certificateValue: (replaceChineseValue('certificate', value) as string | null | undefined) ?? null,
    };
  });
  const known = new Set(existing.map((c) => c.certificateName));
  for (const c of incoming) {
    if (known.has(c.certificateName) || isEmptyValue(c.certificateValue)) continue;
    known.add(c.certificateName);
    merged.push({
      certificateName: c.certificateName,
      certificateValue: replaceChineseValue('certificate', c.certificateValue ?? null) as string,
    });
  }
  return merged;
}
