import {
  calculateLandedPrice,
  calculatePricing,
  channelHasRocketGrowth,
  DEFAULT_LANDED_COST_SETTINGS,
  fail,
  issue,
  MESSAGES,
  OPTION_PRICE_FIELDS,
  ok,
  type Pricing,
  PricingInfo,
  type PricingInputOption,
  type PricingOption,
  type ProductFields,
  productFeeFacts,
  productPath,
  type Result,
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
// Issue 41: with the seller's pricing method 'landed', step 2 sets each price for a target margin
// after fees and landed cost instead (calculateLandedPrice; the cost settings through
// TaskDeps.landedCost), and options without a weight are named as not priced.

type PricingInfoInput = Parameters<typeof PricingInfo.parse>[0];

/** The option document's prices the pricing task writes. */
const DOCUMENT_PRICE_FIELDS = ['purchasePrice', 'coupangSalePrice', 'msrp'] as const;

export const pricingTask: WorkflowTask = {
  name: 'pricing',
  async run(ctx) {
    const product = await loadTaskProduct(ctx);
    if (!product || product.options.length === 0) return failed();
    const info = await ctx.deps.settings.pricing(ctx.companyId);

    const inputs = pricingInputsOf(product);
    const { missing } = inputs;
    let { priced } = inputs;
    let noWeight: string[] = [];
    let pricing: Result<Pricing>;
    if (info.pricingMethod === 'landed') {
      const landed = await landedPricing(ctx, product, priced, info);
      if (landed.tooHigh) return failed(TASK_MESSAGES.pricingTargetTooHigh);
      ({ priced, noWeight } = landed);
      pricing = landed.pricing;
      if (!pricing.ok)
        return failed(
          joinMessages(
            missing.length > 0 ? TASK_MESSAGES.pricingMissingPrices(missing) : undefined,
            TASK_MESSAGES.pricingMissingWeights(noWeight),
          ),
        );
    } else {
      pricing = calculatePricing(
        priced.map((p) => p.input),
        info,
      );
      if (!pricing.ok) return failed(TASK_MESSAGES.pricingMissingPrices(missing));
    }

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
      status: missing.length + noWeight.length > 0 ? 'partially_completed' : 'completed',
      message: joinMessages(
        missing.length > 0 ? TASK_MESSAGES.pricingMissingPrices(missing) : undefined,
        noWeight.length > 0 ? TASK_MESSAGES.pricingMissingWeights(noWeight) : undefined,
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

type PricedInput = { index: number; weightG: number | null; input: PricingInputOption };

/**
 * Issue 41, the seller's choice 'landed': each option's selling price for the target margin after
 * Coupang's fees (the category's commission and the option's size tier from Coupang's fee tables, else
 * the sales cost settings' defaults; the Rocket Growth fee when the company's channel has it) and the landed cost (those settings, at the pricing's own
 * exchange rate). An option without a weight is left out and named.
 */
async function landedPricing(
  ctx: TaskContext,
  product: TaskProduct,
  priced: readonly PricedInput[],
  info: PricingInfoInput,
) {
  const full = PricingInfo.parse(info);
  const costs = (await ctx.deps.landedCost?.settings(ctx.companyId)) ?? DEFAULT_LANDED_COST_SETTINGS;
  const settings = { ...costs, exchangeRate: full.exchangeRate };
  const channel = channelHasRocketGrowth(
    (await ctx.deps.settings.exportSettings(ctx.companyId)).seller.channel,
  )
    ? ('ROCKET_GROWTH' as const)
    : ('MARKETPLACE' as const);
  const kept: PricedInput[] = [];
  const noWeight: string[] = [];
  const options: PricingOption[] = [];
  for (const p of priced) {
    // The category's commission and the option's size tier from Coupang's fee tables (unless the
    // seller's settings override them), as the sales screens estimate a sale.
    const facts = productFeeFacts(product.doc, p.index);
    const r = calculateLandedPrice({
      yuan: p.input.price,
      weightG: p.weightG,
      channel,
      categoryPath: facts.categoryPath,
      box: facts.box,
      targetMarginPercent: full.targetMarginPercent,
      settings,
      roundUnit: full.roundUnit,
      msrpMultiplier: full.msrpMultiplier,
      enableBundling: full.enableBundling,
      minMarginAmount: full.minMarginAmount,
    });
    if (!r.ok) {
      if (r.reason === 'target_too_high') return { tooHigh: true as const };
      noWeight.push(p.input.optionNumber);
      continue;
    }
    const { margin: _parts, ...prices } = r.price;
    kept.push(p);
    options.push({ ...p.input, ...prices });
  }
  const pricing: Result<Pricing> =
    options.length === 0 ? fail([issue('noProductOrOptions')]) : ok({ info: full, options });
  return { tooHigh: false as const, priced: kept, noWeight, pricing };
}

/** Options with a source price (yuan) are priced; the others are reported by option number. */
function pricingInputsOf(product: TaskProduct) {
  const priced: PricedInput[] = [];
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
    const weightG = typeof o.weightG === 'number' && Number.isFinite(o.weightG) ? o.weightG : null;
    priced.push({ index, weightG, input: { optionNumber, price, ...(optionName ? { optionName } : {}) } });
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
