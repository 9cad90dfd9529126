/** Merges harvests of one offer into a validated `SourceOffer`. */
import { descriptionImageUrls, type Harvest, type PackRow, type RawSku } from './harvest.ts';
import { reasons as R, warnings as W } from './messages.ts';
import {
  type ImportMessage,
  type OptionFlag,
  type ParseResult,
  type PriceTier,
  type SkuAxis,
  type SourceFormat,
  type SourceOffer,
  SourceOfferSchema,
  type SourceOption,
} from './schema.ts';
import { isAlicdn, kgToG, uniq } from './values.ts';

export const MAX_DETAIL_IMAGES = 40;

/** Packing rows (carton counts and carton specs) are logistics data, not product attributes. */
const PACKING_ROW = /装箱|箱规|外箱|整箱|每箱|箱装|箱重|箱数|一箱|纸箱|箱子尺寸|箱尺寸/;

export function isPackingAttribute(name: string): boolean {
  return PACKING_ROW.test(name);
}

/** Which capture's SKU list wins when several hold one: the richest first. */
const SKU_PRIORITY: Record<SourceFormat, number> = {
  'own-json': 0,
  'pc-window-context': 1,
  'mtop-sku-model': 2,
  'mobile-detail': 3,
  'public-sku-model': 4,
};

/**
 * Splits a combination key into one value per axis. Tries the listed values first (so a value that
 * itself contains ">" still matches); falls back to a plain split.
 */
export function splitKey(key: string, axes: SkuAxis[]): { values: string[]; matched: boolean } {
  const parts = key.split('>');
  if (axes.length === 0) return { values: parts, matched: true };
  const sets = axes.map((a) => new Set(a.values.map((v) => v.name)));
  const memo = new Map<string, string[] | null>();
  const solve = (partIndex: number, axisIndex: number): string[] | null => {
    if (axisIndex === axes.length) return partIndex === parts.length ? [] : null;
    const memoKey = `${partIndex}:${axisIndex}`;
    const cached = memo.get(memoKey);
    if (cached !== undefined) return cached;
    let result: string[] | null = null;
    for (let end = partIndex + 1; end <= parts.length && result === null; end++) {
      const candidate = parts.slice(partIndex, end).join('>');
      if (!sets[axisIndex]?.has(candidate)) continue;
      const rest = solve(end, axisIndex + 1);
      if (rest) result = [candidate, ...rest];
    }
    memo.set(memoKey, result);
    return result;
  };
  const solved = solve(0, 0);
  if (solved) return { values: solved, matched: true };
  return { values: parts, matched: false };
}

function sameNames(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The tier that applies to `quantity`: the last with minQuantity ≤ quantity, else the first. */
export function tierPriceFen(tiers: PriceTier[], quantity: number): number | null {
  let found: PriceTier | undefined;
  for (const t of tiers) if (t.minQuantity <= quantity) found = t;
  return (found ?? tiers[0])?.priceFen ?? null;
}

function resolveTiers(
  h: Harvest | undefined,
  w: ImportMessage[],
): { mode: SourceOffer['priceMode']; tiers: PriceTier[] } {
  if (!h) return { mode: 'per_sku', tiers: [] };
  const raw = h.tiers;
  const distinct = new Set(raw.map((t) => t.minQuantity)).size === raw.length;
  const mode =
    h.priceType === 'rangePrice'
      ? 'quantity_tiers'
      : h.priceType === 'skuPrice'
        ? 'per_sku'
        : raw.length > 0 &&
            distinct &&
            h.skus.every((s) => s.priceFen === undefined && s.discountFen === undefined)
          ? 'quantity_tiers'
          : 'per_sku';
  // In per-SKU pricing the list is only the displayed price range (min…max), not quantity tiers.
  if (mode === 'per_sku') return { mode, tiers: [] };
  const byQuantity = new Map<number, number>();
  let bad = false;
  for (const t of raw) {
    if (t.minQuantity === undefined || t.minQuantity < 1 || !t.priceFen) {
      bad = true;
      continue;
    }
    if (!byQuantity.has(t.minQuantity)) byQuantity.set(t.minQuantity, t.priceFen);
  }
  if (bad) w.push(W.badTier());
  const tiers = [...byQuantity.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([minQuantity, priceFen]) => ({ minQuantity, priceFen }));
  return { mode, tiers };
}

function packFor(option: { skuId: string | null; values: string[] }, pack: PackRow[]): PackRow | undefined {
  if (option.skuId) {
    const byId = pack.find((p) => p.skuId === option.skuId);
    if (byId) return byId;
  }
  return pack.find((p) => p.names.length > 0 && sameNames(p.names, option.values));
}

function firstDefined<T>(harvests: Harvest[], pick: (h: Harvest) => T | undefined): T | undefined {
  for (const h of harvests) {
    const v = pick(h);
    if (v !== undefined) return v;
  }
  return undefined;
}

export function buildOffer(harvests: Harvest[]): ParseResult {
  if (harvests.length === 0) return { ok: false, reason: R.noCaptures() };
  const offerHarvests = harvests.filter(
    (h): h is Harvest & { format: SourceFormat } => h.format !== 'description-page',
  );
  if (offerHarvests.length === 0) return { ok: false, reason: R.descriptionOnly() };

  const ids = uniq(offerHarvests.map((h) => h.offerId).filter((x): x is string => x !== undefined));
  if (ids.length > 1) return { ok: false, reason: R.offerMismatch(ids) };
  const offerId = ids[0];
  if (!offerId) return { ok: false, reason: R.noOfferId() };
  const title = firstDefined(offerHarvests, (h) => h.title);
  if (!title) return { ok: false, reason: R.noTitle() };

  const warnings: ImportMessage[] = [];
  for (const h of harvests)
    for (const m of h.warnings) if (!warnings.some((x) => x.key === m.key)) warnings.push(m);

  const skuSource = [...offerHarvests]
    .filter((h) => h.skus.length > 0)
    .sort((a, b) => SKU_PRIORITY[a.format] - SKU_PRIORITY[b.format])[0];
  const priceSource =
    skuSource && (skuSource.priceType !== undefined || skuSource.tiers.length > 0)
      ? skuSource
      : (offerHarvests.find((h) => h.priceType !== undefined || h.tiers.length > 0) ?? skuSource);
  const { mode, tiers } = resolveTiers(priceSource, warnings);
  const moq = skuSource?.moq ?? firstDefined(offerHarvests, (h) => h.moq) ?? null;
  const offerWeightG = firstDefined(offerHarvests, (h) => h.offerWeightG) ?? null;
  const pack = offerHarvests.flatMap((h) => h.pack);
  const skuWeightKg = new Map<string, number>();
  for (const h of offerHarvests)
    for (const [k, v] of h.skuWeightKg) if (!skuWeightKg.has(k)) skuWeightKg.set(k, v);

  // axes: the SKU source's list, else any capture's list
  let axes: SkuAxis[] = skuSource?.axes ?? firstDefined(offerHarvests, (h) => h.axes) ?? [];

  // --- SKU entries → options
  let rawSkus: RawSku[] = skuSource?.skus ?? [];
  let read = skuSource?.skuRead ?? 0;
  if (!skuSource) {
    const tierPrice = tiers.length ? tierPriceFen(tiers, moq ?? 1) : null;
    const skuOffer = offerHarvests.some((h) => h.isSkuOffer === true) || axes.length > 0;
    if (tierPrice === null || skuOffer) return { ok: false, reason: R.noSkus() };
    const offerStock = firstDefined(offerHarvests, (h) => h.offerStock);
    rawSkus = [offerStock === undefined ? { key: '' } : { key: '', stock: offerStock }];
    read = 1;
    axes = [];
    warnings.push(W.noSkusOneOption());
  }
  if (axes.length === 0 && rawSkus.some((s) => s.key)) {
    const width = Math.max(...rawSkus.map((s) => (s.values ?? s.key?.split('>') ?? []).length));
    if (rawSkus.some((s) => s.key)) {
      const derived: SkuAxis[] = Array.from({ length: width }, (_, i) => ({
        name: `规格${i + 1}`,
        values: [],
      }));
      for (const s of rawSkus) {
        const vals = s.values ?? s.key?.split('>') ?? [];
        vals.forEach((v, i) => {
          const axis = derived[i];
          if (axis && v !== '' && !axis.values.some((x) => x.name === v)) axis.values.push({ name: v });
        });
      }
      axes = derived.filter((a) => a.values.length > 0);
      if (axes.length > 0) warnings.push(W.noAxes());
    }
  }

  const others = offerHarvests.filter((h) => h !== skuSource && h.skus.length > 0);
  const seen = new Set<string>();
  const options: SourceOption[] = [];
  const order: number[][] = [];
  let withoutKey = 0;
  for (const s of rawSkus) {
    if (s.key === undefined) {
      withoutKey++;
      continue;
    }
    if (seen.has(s.key)) {
      warnings.push(W.duplicateKey(s.key));
      continue;
    }
    seen.add(s.key);
    // fill what this capture lacks from another capture of the same offer (same combination key)
    const twin = others.map((h) => h.skus.find((x) => x.key === s.key)).find((x) => x !== undefined);
    const sku: RawSku = twin ? { ...twin, ...definedOnly(s) } : s;

    const flags: OptionFlag[] = [];
    const split = sku.values ? { values: sku.values, matched: true } : splitKey(sku.key ?? '', axes);
    if (!split.matched) flags.push('unmatched_axis_value');
    const values = split.values.map((value, i) => ({ axis: axes[i]?.name ?? `规格${i + 1}`, value }));
    if (sku.key === '') values.length = 0;

    let priceFen: number | null = null;
    const own = sku.discountFen ? sku.discountFen : sku.priceFen ? sku.priceFen : undefined;
    if (own) priceFen = own;
    else if (mode === 'quantity_tiers' && tiers.length) {
      priceFen = tierPriceFen(tiers, moq ?? 1);
      flags.push('price_from_tier');
    } else if (sku.priceFen === 0 || sku.discountFen === 0) flags.push('zero_price');
    else flags.push('missing_price');
    const listPriceFen = sku.priceFen ? sku.priceFen : null;

    const stock = sku.stock ?? null;
    if (stock === null) flags.push('missing_stock');

    const skuId = sku.skuId ?? null;
    const imageUrl =
      sku.imageUrl ??
      values
        .map((v, i) => axes[i]?.values.find((x) => x.name === v.value)?.imageUrl)
        .find((u) => u !== undefined) ??
      null;

    const option: SourceOption = {
      sourceKey: sku.key ?? '',
      values,
      priceFen,
      listPriceFen,
      stock,
      skuId,
      specId: sku.specId ?? null,
      imageUrl,
      flags,
    };
    const p = packFor({ skuId, values: split.values }, pack);
    const kg = skuId ? skuWeightKg.get(skuId) : undefined;
    if (sku.weightG) {
      option.weightG = sku.weightG;
      option.weightSource = 'pack_info';
    } else if (p?.weightG) {
      option.weightG = p.weightG;
      option.weightSource = 'pack_info';
    } else if (kg) {
      option.weightG = kgToG(kg);
      option.weightSource = 'sku_weight';
    } else if (offerWeightG) {
      option.weightG = offerWeightG;
      option.weightSource = 'offer';
      flags.push('weight_from_offer');
    } else flags.push('missing_weight');
    const size = sku.sizeCm ?? p?.sizeCm;
    if (size) option.sizeCm = size;

    options.push(option);
    order.push(
      split.values.map((v, i) => {
        const idx = axes[i]?.values.findIndex((x) => x.name === v) ?? -1;
        return idx < 0 ? Number.MAX_SAFE_INTEGER : idx;
      }),
    );
  }
  if (withoutKey) warnings.push(W.skuWithoutKey());
  // display order: by axis value order (colour first, then size…); ties keep capture order
  const indexed = options.map((o, i) => ({ o, k: order[i] ?? [], i }));
  indexed.sort((a, b) => {
    for (let j = 0; j < Math.max(a.k.length, b.k.length); j++) {
      const d = (a.k[j] ?? -1) - (b.k[j] ?? -1);
      if (d !== 0) return d;
    }
    return a.i - b.i;
  });
  const sorted = indexed.map((x) => x.o);

  const kept = sorted.length;
  if (kept === 0) return { ok: false, reason: R.noSkus() };
  if (read !== kept) warnings.unshift(W.readKept(read, kept));
  const countFlag = (f: OptionFlag) => sorted.filter((o) => o.flags.includes(f)).length;
  const flagWarnings: [OptionFlag, (n: number) => ImportMessage][] = [
    ['missing_price', W.missingPrice],
    ['zero_price', W.zeroPrice],
    ['price_from_tier', W.priceFromTier],
    ['unmatched_axis_value', W.unmatchedAxis],
    ['weight_from_offer', W.weightFromOffer],
    ['missing_weight', W.missingWeight],
  ];
  for (const [flag, make] of flagWarnings) {
    const n = countFlag(flag);
    if (n > 0) warnings.push(make(n));
  }

  // --- images
  const mainImages = uniq(offerHarvests.flatMap((h) => h.mainImages));
  const detailCandidates = uniq(
    harvests.flatMap((h) => [
      ...h.detailImages,
      ...h.descriptionHtml.flatMap((html) => descriptionImageUrls(html)),
    ]),
  );
  const alicdn = detailCandidates.filter(isAlicdn);
  if (alicdn.length < detailCandidates.length)
    warnings.push(W.nonAlicdnDropped(detailCandidates.length - alicdn.length));
  if (alicdn.length > MAX_DETAIL_IMAGES) warnings.push(W.detailImagesCapped(alicdn.length));
  const detailUrl = firstDefined(offerHarvests, (h) => h.detailUrl) ?? null;
  // The page names its description but it did not come with the capture: say which part is missing.
  const hasDescription = harvests.some(
    (h) => h.format === 'description-page' || h.descriptionHtml.length > 0 || h.detailImages.length > 0,
  );
  if (detailUrl !== null && !hasDescription) warnings.push(W.descriptionMissing(detailUrl));

  // --- attributes: union, packing rows removed
  const attributes: SourceOffer['attributes'] = [];
  for (const a of offerHarvests.flatMap((h) => h.attributes)) {
    if (isPackingAttribute(a.name)) continue;
    if (!attributes.some((x) => x.name === a.name && x.value === a.value)) attributes.push(a);
  }

  const offer: SourceOffer = {
    offerId,
    title,
    unit: firstDefined(offerHarvests, (h) => h.unit) ?? null,
    mainImages,
    detailImages: alicdn.slice(0, MAX_DETAIL_IMAGES),
    detailUrl,
    attributes,
    skuAxes: axes,
    options: sorted,
    priceMode: mode,
    priceTiers: tiers,
    minOrderQuantity: moq,
    offerWeightG,
    sourceFormat: (skuSource ?? offerHarvests[0])?.format ?? 'own-json',
    sourceFormats: offerHarvests.map((h) => h.format),
  };
  const checked = SourceOfferSchema.safeParse(offer);
  if (!checked.success) {
    return {
      ok: false,
      reason: R.invalidResult(
        checked.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`),
      ),
    };
  }
  return { ok: true, offer: checked.data, read, kept, warnings };
}

function definedOnly(s: RawSku): Partial<RawSku> {
  return Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)) as Partial<RawSku>;
}
