import { describe, expect, it } from 'vitest';
import { createNewAccountCheck } from '../../src/limits/account-age.ts';

// "Is this company a new account?" on a fake company repository (no database).

const OLD = '11111111-1111-4111-8111-111111111111';
const NEW = '22222222-2222-4222-8222-222222222222';
const GONE = '33333333-3333-4333-8333-333333333333';

function fakeCompanies() {
  const asked: string[] = [];
  const young: Record<string, boolean> = { [OLD]: false, [NEW]: true };
  return {
    asked,
    companies: {
      async companyIsYoung(companyId: string, hours: number) {
        asked.push(`${companyId} ${hours}`);
        return young[companyId];
      },
    },
  };
}

describe('new-account check (fake company repository, no database)', () => {
  it('answers by the company’s age; a missing company is new, an owner that is not a company is not', async () => {
    const f = fakeCompanies();
    const isNew = createNewAccountCheck(f.companies, 24);
    expect(await isNew(NEW)).toBe(true);
    expect(await isNew(OLD)).toBe(false);
    expect(await isNew(GONE)).toBe(true);
    expect(await isNew('bench-owner')).toBe(false);
    expect(f.asked).toEqual([`${NEW} 24`, `${OLD} 24`, `${GONE} 24`]);
  });

  it('remembers an established company (one lookup), asks again for a young one', async () => {
    const f = fakeCompanies();
    const isNew = createNewAccountCheck(f.companies, 48);
    for (let i = 0; i < 3; i++) {
      await isNew(OLD);
      await isNew(NEW);
    }
    expect(f.asked.filter((a) => a.startsWith(OLD))).toHaveLength(1);
    expect(f.asked.filter((a) => a.startsWith(NEW))).toHaveLength(3);
  });
});
