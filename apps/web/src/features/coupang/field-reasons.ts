import type { CoupangReason, CoupangReasonField, CoupangRegistrationStatus } from '@rr/domain';

/** What the field notes read of the product's registration (its status and Coupang's reasons). */
export type RegistrationReasons = {
  readonly status: CoupangRegistrationStatus;
  readonly reasons: readonly CoupangReason[];
};

/**
 * The texts of Coupang's denial reasons that concern `field`, each once, in Coupang's order: shown
 * next to that field's editor. None unless the registration is denied (an approval clears them).
 */
export function deniedReasonsFor(
  registration: RegistrationReasons | null | undefined,
  field: CoupangReasonField,
): string[] {
  if (registration?.status !== 'denied') return [];
  const texts = registration.reasons.filter((r) => r.field === field).map((r) => r.text.trim());
  return [...new Set(texts.filter((text) => text !== ''))];
}
