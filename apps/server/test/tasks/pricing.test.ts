import { DEFAULT_LANDED_COST_SETTINGS, type LandedCostSettings } from '@rr/domain';
import { describe, expect, it } from 'vitest';
import { pricingTask } from '../../src/tasks/pricing/index.ts';
import { createFakeDeps, createFakeProducts, fakeContext } from '../support/fake-task-deps.ts';
import { importedTshirt } from './support.ts';

// The pricing task on fakes of TaskDeps (no database): a product in memory, settings as values.

/** A product added to registration: one option document per option (the documents' price fields). */
function registered(doc: Record<string, unknown> = importedTshirt()) {
  const options = (doc.options as unknown[]) ?? [];
  return {
    ...doc,
    coupangDoc: { jsonDocument: options.map(() => ({ productPage: { commonAttributes: {} } })) },
  };
}

function setup(settings: Parameters<typeof createFakeDeps>[0] = {}) {
  const products = createFakeProducts();
  const deps = createFakeDeps({ ...settings, products });
  return { deps, products };
}

// biome-ignore lint/suspicious/noExplicitAny: stored documents are read loosely, as a client would.
const commonAttributes = (doc: Record<string, any>, i: number) =>
  doc.coupangDoc.jsonDocument[i].productPage.commonAttributes;

describe('pricing task', () => {
  it('prices every option with the spec’s defaults and writes the pricing block, options and documents', async () => {
    const { deps, products } = setup();
    const id = products.add(registered());
    const outcome = await pricingTask.run(fakeContext(deps, id));
    expect(outcome).toEqual({ status: 'completed', message: undefined, skipped: [] });
    const doc = products.docOf(id);
    // 10 yuan × 350 = 3500 cost; / 0.6 → 5800 supply; / 0.6 → 9700 selling; × 1.3 → 12600 MSRP.
    expect(doc.options[0]).toMatchObject({
      bundleQuantity: 1,
      purchasePrice: 3500,
      supplyPrice: 5800,
      sellingPrice: 9700,
      msrp: 12600,
      supplyMargin: 2300,
      sellingMargin: 3900,
    });
    expect(doc.options[1]).toMatchObject({ purchasePrice: 7000, supplyPrice: 11700, sellingPrice: 19500 });
    expect(doc.pricing.info).toMatchObject({
      exchangeRate: 350,
      marginRate: 40,
      coupangMarginRate: 40,
      roundUnit: 100,
    });
    expect(doc.pricing.options).toHaveLength(2);
    expect(commonAttributes(doc, 0)).toMatchObject({
      purchasePrice: 5800,
      coupangSalePrice: 9700,
      msrp: 12600,
    });
    expect(commonAttributes(doc, 1)).toMatchObject({ purchasePrice: 11700, coupangSalePrice: 19500 });
    expect(doc.fieldSources['options.0.sellingPrice']).toBe('source');
  });

  it('keeps a price the seller set; the option document follows the seller’s price', async () => {
    const { deps, products } = setup();
    const id = products.add(registered());
    const ctx = fakeContext(deps, id);
    await pricingTask.run(ctx);
    products.editAsSeller(id, { 'options.0.sellingPrice': 8900 });
    for (let run = 0; run < 2; run++) {
      const outcome = await pricingTask.run(ctx);
      expect(outcome.status).toBe('completed');
      expect(outcome.skipped).toEqual(['options.0.sellingPrice']);
      expect(outcome.message?.ko).toContain('직접 수정한 항목 1개는 그대로 두었습니다');
    }
    const doc = products.docOf(id);
    expect(doc.options[0].sellingPrice).toBe(8900);
    expect(commonAttributes(doc, 0)).toMatchObject({ purchasePrice: 5800, coupangSalePrice: 8900 });
  });

  it('fails with the spec’s message when there are no options or no prices; prices what it can otherwise', async () => {
    const { deps, products } = setup();
    const empty = products.add({ productName: '空', options: [] });
    const none = await pricingTask.run(fakeContext(deps, empty));
    expect(none).toMatchObject({ status: 'error', result: 'error' });
    expect(none.message?.en).toBe('No product or options to process');
    expect(products.docOf(empty).pricing).toBeUndefined();

    const gone = await pricingTask.run(fakeContext(deps, '00000000-0000-4000-8000-000000000000'));
    expect(gone).toMatchObject({ status: 'error', result: 'error' });

    const base = importedTshirt();
    const noPrices = products.add({
      ...base,
      options: (base.options as Record<string, unknown>[]).map((o) => ({ ...o, price: null })),
    });
    const noneOk = await pricingTask.run(fakeContext(deps, noPrices));
    expect(noneOk).toMatchObject({ status: 'error', result: 'error' });

    const partial = products.add({
      ...base,
      options: (base.options as Record<string, unknown>[]).map((o, i) =>
        i === 1 ? { ...o, price: null } : o,
      ),
    });
    const some = await pricingTask.run(fakeContext(deps, partial));
    expect(some.status).toBe('partially_completed');
    expect(some.message?.ko).toContain('가격이 없는 옵션은 계산하지 못했습니다');
    const doc = products.docOf(partial);
    expect(doc.options[0].sellingPrice).toBe(9700);
    expect(doc.options[1].sellingPrice).toBeUndefined();
  });

  // Issue 41: the seller's method 'landed' (docs/decisions.md "Pricing for a margin after fees"): the
  // fake company sells on Rocket Growth; the landed-cost settings come through TaskDeps.landedCost.
  const landed = (costs: Partial<LandedCostSettings> = {}, pricing: Record<string, unknown> = {}) => {
    const { deps, products } = setup({
      settings: {
        pricing: { pricingMethod: 'landed', targetMarginPercent: 20, exchangeRate: 190, ...pricing },
      },
    });
    const asked: string[] = [];
    const withCosts = {
      ...deps,
      landedCost: {
        settings: async (companyId: string) => {
          asked.push(companyId);
          return { ...DEFAULT_LANDED_COST_SETTINGS, ...costs };
        },
      },
    };
    const tshirt = importedTshirt();
    (tshirt.options as Record<string, unknown>[])[0]!.weightG = 300;
    return { deps: withCosts, products, id: products.add(registered(tshirt)), asked };
  };

  it('landed: a price for the target margin after fees and landed cost; an option without weight is named', async () => {
    const { deps, products, id, asked } = landed();
    const outcome = await pricingTask.run(fakeContext(deps, id));
    expect(asked).toHaveLength(1);
    expect(outcome.status).toBe('partially_completed');
    expect(outcome.message?.ko).toContain('무게가 없는 옵션은 원가 기준 가격을 계산하지 못했습니다');
    const doc = products.docOf(id);
    // 10 yuan, 300 g: landed 4,396 (1,900 goods, 1,800 shipping, 296 duty, 400 VAT); with the
    // Rocket Growth fee 2,600 and 10.8 %: (4,396 + 2,600) / (1 − 0.108 − 0.2) → 10,200; fees 3,702.
    expect(doc.options[0]).toMatchObject({
      purchasePrice: 4396,
      supplyPrice: 6498,
      sellingPrice: 10200,
      msrp: 13300,
      supplyMargin: 2102,
      sellingMargin: 3702,
    });
    expect(doc.options[1].sellingPrice).toBeUndefined();
    expect(doc.pricing.info).toMatchObject({ pricingMethod: 'landed', targetMarginPercent: 20 });
    expect(commonAttributes(doc, 0)).toMatchObject({
      purchasePrice: 6498,
      coupangSalePrice: 10200,
      msrp: 13300,
    });
  });

  it('landed: the cost settings move the price; the pricing rate, not the cost settings’ rate, is used', async () => {
    // No shipping, duty or VAT: landed 1,900 (10 yuan × 190) → (1,900 + 2,600) / 0.692 → 6,600.
    const { deps, products, id } = landed({
      shippingPerKg: 0,
      customsDutyPercent: 0,
      importVatPercent: 0,
      exchangeRate: 999,
    });
    await pricingTask.run(fakeContext(deps, id));
    expect(products.docOf(id).options[0]).toMatchObject({ purchasePrice: 1900, sellingPrice: 6600 });
  });

  it('landed: the category’s commission and the option’s size tier come from Coupang’s fee tables, unless overridden', async () => {
    const withTables = (costs: Partial<LandedCostSettings> = {}) => {
      const { deps, products } = landed(costs);
      const tshirt = importedTshirt();
      (tshirt.options as Record<string, unknown>[])[0]!.weightG = 300;
      const doc = registered(tshirt);
      const id = products.add({
        ...doc,
        rocketRegInfo: { categoryPath: '가구/홈데코>가구>의자', displayCategoryCode: 1, schemaString: '{}' },
        coupangDoc: {
          jsonDocument: doc.coupangDoc.jsonDocument.map((d) => ({
            ...d,
            logisticsPage: { skuUnitBoxDimension: '330*220*120', skuUnitBoxWeight: '300' },
          })),
        },
      });
      return { deps, products, id };
    };
    // 가구/홈데코 10.8 % + VAT = 11.88 %; 67 cm and 300 g: 극소형, 1,950 a unit:
    // (4,396 + 1,950) / (1 − 0.1188 − 0.2) → 9,400 (domain table: calculate-landed-price.test.ts).
    const tables = withTables();
    await pricingTask.run(fakeContext(tables.deps, tables.id));
    expect(tables.products.docOf(tables.id).options[0]).toMatchObject({
      sellingPrice: 9400,
      sellingMargin: 3067,
    });
    // The seller's override: the settings' 10.8 % and 2,600 (the first landed test's 10,200).
    const override = withTables({ useFeeTables: false });
    await pricingTask.run(fakeContext(override.deps, override.id));
    expect(override.products.docOf(override.id).options[0]).toMatchObject({ sellingPrice: 10200 });
  });

  it('landed: a target the commission leaves no room for is an error that says so, nothing written', async () => {
    const { deps, products, id } = landed({}, { targetMarginPercent: 89.5 });
    const outcome = await pricingTask.run(fakeContext(deps, id));
    expect(outcome.status).toBe('error');
    expect(outcome.message?.ko).toContain('목표 마진과 쿠팡 수수료율의 합이 100% 이상');
    expect(products.docOf(id).options[0].sellingPrice).toBeUndefined();
  });
});
