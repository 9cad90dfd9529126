import {
  calculatePricing,
  MESSAGES,
  OPTION_PRICE_FIELDS,
  type PricingInputOption,
  type ProductFields,
  productPath,
  toDocumentPrices,
} from '@rr/domain';
import type { TaskContext, TaskOutcome, WorkflowTask } from '../../workflow/task.ts';
import { writeTaskFields } from '../../workflow/write-task-fields.ts';
import { joinMessages, TASK_MESSAGES } from '../shared/task-messages.ts';
import {
  loadTaskProduct,
  optionDocumentCount,
  optionNumberOf,
  optionValuesOf,
  type TaskProduct,
  text,
} from '../shared/task-product.ts';

// Pricing (W §3 Pricing, §5 "pricing needs a product and options", §8 Recoveries, §9 Pricing):
// 1. the company's pricing info (settings) over the spec's defaults;
// 2. the domain rule prices every option that has a source price (cost, supply, selling, MSRP,
//    bundling);
// 3. the pricing block and each option's prices are written (seller edits kept);
// 4. each option document's prices follow the option's stored prices (the document's
//    purchasePrice is the supply price, coupangSalePrice the selling price, msrp the MSRP).
// Failure: pricingStatus error and an error result ('No product or options to process').

/** The option document's prices the pricing task writes. */
const DOCUMENT_PRICE_FIELDS = ['purchasePrice', 'coupangSalePrice', 'msrp'] as const;

export const pricingTask: WorkflowTask = {
  name: 'pricing',
  async run(ctx) {
    const product = await loadTaskProduct(ctx);
    if (!product || product.options.length === 0) return failed();
    const info = await ctx.deps.settings.pricing(ctx.companyId);

    const { priced, missing } = pricingInputsOf(product);
    const pricing = calculatePricing(
      priced.map((p) => p.input),
      info,
    );
    if (!pricing.ok) return failed(TASK_MESSAGES.pricingMissingPrices(missing));

    const updates: ProductFields = { pricing: pricing.value };
    pricing.value.options.forEach((option, k) => {
      const index = priced[k]!.index;
      for (const field of OPTION_PRICE_FIELDS) updates[productPath('options', index, field)] = option[field];
    });
    const first = await writeTaskFields(ctx, updates, { source: 'source' });
    const second = await writeDocumentPrices(
      ctx,
      priced.map((p) => p.index),
    );
    const skipped = [...first.skipped, ...second.skipped];

    return {
      status: missing.length > 0 ? 'partially_completed' : 'completed',
      message: joinMessages(
        missing.length > 0 ? TASK_MESSAGES.pricingMissingPrices(missing) : undefined,
        skipped.length > 0 ? TASK_MESSAGES.keptSellerEdits(skipped) : undefined,
      ),
      skipped,
    };
  },
};

function failed(detail?: TaskOutcome['message']): TaskOutcome {
  return {
    status: 'error',
    result: 'error',
    message: joinMessages(MESSAGES.noProductOrOptions, detail),
  };
}

/** Options with a source price (yuan) are priced; the others are reported by option number. */
function pricingInputsOf(product: TaskProduct) {
  const priced: { index: number; input: PricingInputOption }[] = [];
  const missing: string[] = [];
  product.options.forEach((o, index) => {
    const optionNumber = optionNumberOf(o, index, product.registrationId);
    const price = typeof o.price === 'number' && Number.isFinite(o.price) && o.price > 0 ? o.price : null;
    if (price === null) {
      missing.push(optionNumber);
      return;
    }
    const names = optionValuesOf(o);
    const optionName = text(o.korName) || names.filter(Boolean).join(' ');
    priced.push({ index, input: { optionNumber, price, ...(optionName ? { optionName } : {}) } });
  });
  return { priced, missing };
}

/** Step 4: the option documents' prices from the options' prices as stored (a seller's price wins). */
async function writeDocumentPrices(ctx: TaskContext, indexes: readonly number[]) {
  const row = await ctx.deps.products.find(ctx.companyId, ctx.productId);
  if (!row) return { written: [], skipped: [] };
  const options = row.doc.options ?? [];
  const documents = optionDocumentCount(row.doc);
  const updates: ProductFields = {};
  for (const i of indexes) {
    const o = options[i];
    if (i >= documents || !o) continue;
    const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
    const supplyPrice = n(o.supplyPrice);
    const sellingPrice = n(o.sellingPrice);
    const msrp = n(o.msrp);
    if (supplyPrice === null || sellingPrice === null || msrp === null) continue;
    const prices = toDocumentPrices({ supplyPrice, sellingPrice, msrp });
    for (const field of DOCUMENT_PRICE_FIELDS)
      updates[productPath('coupangDoc', 'jsonDocument', i, 'productPage', 'commonAttributes', field)] =
        prices[field];
  }
  if (Object.keys(updates).length === 0) return { written: [], skipped: [] };
  return writeTaskFields(ctx, updates, { source: 'source' });
}
