import type { CompanyRepository } from '../companies/company-repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Companies remembered as established (an age only grows); the oldest are forgotten first. */
const REMEMBERED = 10_000;

/**
 * "Is this company a new account?" for limits that a burst of sign-ups must not exhaust (the image
 * engine's queue): a company created less than `hours` ago. An owner that is not a company id
 * (tools, benches) is not new; a company that does not exist is. Established companies are
 * remembered by the returned function (built once by the container), so they cost one lookup.
 */
export function createNewAccountCheck(
  companies: Pick<CompanyRepository, 'companyIsYoung'>,
  hours: number,
): (companyId: string) => Promise<boolean> {
  const established = new Set<string>();
  return async (companyId) => {
    if (!UUID.test(companyId) || established.has(companyId)) return false;
    const young = (await companies.companyIsYoung(companyId, hours)) ?? true;
    if (!young) {
      if (established.size >= REMEMBERED) established.delete(established.values().next().value!);
      established.add(companyId);
    }
    return young;
  };
}
