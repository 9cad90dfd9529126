/**
 * Per-format readers. Each turns one capture into a `Harvest`: the raw facts it holds, not yet
 * combined. `build.ts` merges one or more harvests into a `SourceOffer`.
 */

import { isRecord } from '../records.ts';
import { warnings as W } from './messages.ts';
import type { ImportMessage, OfferAttribute, SizeCm, SkuAxis, SourceFormat } from './schema.ts';
import {
  anyId,
  arr,
  at,
  count,
  decodeHtmlEntities,
  httpsUrl,
  idString,
  num,
  type Obj,
  obj,
  str,
  uniq,
  yuanToFen,
} from './values.ts';

export interface RawSku {
  /** Decoded combination key (`黄色>XL`); undefined when the capture has none. */
  key?: string;
  /** Explicit per-axis values (own JSON), instead of splitting the key. */
  values?: string[];
  skuId?: string;
  specId?: string;
  /** Fen read from `price` / `discountPrice`; 0 kept as 0 here, judged in build. */
  priceFen?: number;
  discountFen?: number;
  stock?: number;
  imageUrl?: string;
  weightG?: number;
  sizeCm?: SizeCm;
}

export interface RawTier {
  minQuantity?: number;
  priceFen?: number;
}

export interface PackRow {
  skuId?: string;
  names: string[];
  weightG?: number;
  sizeCm?: SizeCm;
}

export interface Harvest {
  format: SourceFormat | 'description-page';
  offerId?: string;
  title?: string;
  unit?: string;
  mainImages: string[];
  /** Explicit detail image URLs (not yet filtered). */
  detailImages: string[];
  /** Description HTML to take img src / data-src from. */
  descriptionHtml: string[];
  detailUrl?: string;
  attributes: OfferAttribute[];
  axes?: SkuAxis[];
  skus: RawSku[];
  /** SKU entries seen, including unreadable ones. */
  skuRead: number;
  priceType?: string;
  tiers: RawTier[];
  moq?: number;
  /** Stock of the whole offer (orderParam.canBookedAmount): the one option of an offer without SKUs. */
  offerStock?: number;
  offerWeightG?: number;
  pack: PackRow[];
  skuWeightKg: Map<string, number>;
  isSkuOffer?: boolean;
  warnings: ImportMessage[];
}

export function emptyHarvest(format: Harvest['format']): Harvest {
  return {
    format,
    mainImages: [],
    detailImages: [],
    descriptionHtml: [],
    attributes: [],
    skus: [],
    skuRead: 0,
    tiers: [],
    pack: [],
    skuWeightKg: new Map(),
    warnings: [],
  };
}

// ---------------------------------------------------------------------------------------------------
// shared pieces

export function readAxes(value: unknown): SkuAxis[] | undefined {
  const list = arr(value);
  if (list.length === 0) return undefined;
  const axes: SkuAxis[] = [];
  for (const item of list) {
    const name = str(at(item, 'prop')) ?? str(at(item, 'name'));
    if (!name) continue;
    const seen = new Set<string>();
    const values: SkuAxis['values'] = [];
    for (const v of arr(at(item, 'value') ?? at(item, 'values'))) {
      const vname = typeof v === 'string' ? str(v) : str(at(v, 'name'));
      if (!vname || seen.has(vname)) continue;
      seen.add(vname);
      const imageUrl = httpsUrl(at(v, 'imageUrl'));
      values.push(imageUrl ? { name: vname, imageUrl } : { name: vname });
    }
    axes.push({ name, values });
  }
  return axes.length ? axes : undefined;
}

function readSkuInfo(info: unknown, key: string | undefined): RawSku {
  const sku: RawSku = {};
  const k = key ?? str(at(info, 'specAttrs'));
  if (k) sku.key = k;
  const skuId = idString(at(info, 'skuId'));
  if (skuId) sku.skuId = skuId;
  const specId = anyId(at(info, 'specId'));
  if (specId) sku.specId = specId;
  const price = yuanToFen(at(info, 'price'));
  if (price !== undefined) sku.priceFen = price;
  const discount = yuanToFen(at(info, 'discountPrice'));
  if (discount !== undefined) sku.discountFen = discount;
  const stock =
    count(at(info, 'canBookCount')) ?? count(at(info, 'amountOnSale')) ?? count(at(info, 'stock'));
  if (stock !== undefined) sku.stock = stock;
  const imageUrl = httpsUrl(at(info, 'imageUrl')) ?? httpsUrl(at(info, 'skuImageUrl'));
  if (imageUrl) sku.imageUrl = imageUrl;
  return sku;
}

/** `skuInfoMap` (object keyed by the combination) or `skuMap` (array with specAttrs). */
export function readSkus(h: Harvest, skuInfoMap: unknown, skuMapArray?: unknown): void {
  const map = obj(skuInfoMap);
  if (map && Object.keys(map).length > 0) {
    for (const [k, info] of Object.entries(map)) {
      h.skuRead++;
      h.skus.push(readSkuInfo(info, str(k)));
    }
    return;
  }
  for (const info of arr(skuMapArray)) {
    h.skuRead++;
    h.skus.push(readSkuInfo(info, undefined));
  }
}

function readTiers(h: Harvest, list: unknown): void {
  if (h.tiers.length > 0) return;
  for (const t of arr(list)) {
    const tier: RawTier = {};
    const q = count(at(t, 'beginAmount')) ?? count(at(t, 'startQuantity')) ?? count(at(t, 'minQuantity'));
    if (q !== undefined) tier.minQuantity = q;
    const p = yuanToFen(at(t, 'price'));
    if (p !== undefined) tier.priceFen = p;
    h.tiers.push(tier);
  }
}

function readAttributes(h: Harvest, list: unknown): void {
  for (const a of arr(list)) {
    const name = str(at(a, 'name')) ?? str(at(a, 'attributeName')) ?? str(at(a, 'prop'));
    const values = arr(at(a, 'values'))
      .map(str)
      .filter((v): v is string => v !== undefined);
    const value = str(at(a, 'value')) ?? (values.length ? values.join(',') : undefined);
    if (name && value !== undefined && !h.attributes.some((x) => x.name === name && x.value === value))
      h.attributes.push({ name, value });
  }
}

function readImages(list: unknown): string[] {
  const out: string[] = [];
  for (const item of arr(list)) {
    if (typeof item === 'string') {
      const u = httpsUrl(item);
      if (u) out.push(u);
      continue;
    }
    const full = httpsUrl(at(item, 'fullPathImageURI')) ?? httpsUrl(at(item, 'url'));
    if (full) {
      out.push(full);
      continue;
    }
    const rel = str(at(item, 'imageURI'));
    if (rel && /^img\//.test(rel)) out.push(`https://cbu01.alicdn.com/${rel}`);
  }
  return out;
}

function readPack(h: Harvest, list: unknown): void {
  for (const row of arr(list)) {
    if (!isRecord(row)) continue;
    const names: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const n = str(row[`sku${i}`]);
      if (n) names.push(n);
    }
    const p: PackRow = { names };
    const skuId = idString(row.skuId);
    if (skuId) p.skuId = skuId;
    const w = num(row.weight);
    if (w !== undefined && w > 0) p.weightG = w;
    const length = num(row.length);
    const width = num(row.width);
    const height = num(row.height);
    if (length && width && height && length > 0 && width > 0 && height > 0)
      p.sizeCm = { length, width, height };
    h.pack.push(p);
  }
}

function readSkuWeights(h: Harvest, map: unknown): void {
  const m = obj(map);
  if (!m) return;
  for (const [k, v] of Object.entries(m)) {
    const id = idString(k);
    const kg = num(v);
    if (id && kg !== undefined && kg > 0) h.skuWeightKg.set(id, kg);
  }
}

function readOrderParam(h: Harvest, orderParamModel: unknown): void {
  const orderParam = at(orderParamModel, 'orderParam');
  const skuParam = at(orderParam, 'skuParam');
  h.priceType ??=
    str(at(skuParam, 'skuPriceType')) ?? str(at(orderParamModel, 'skuParam', 'priceDisplayType'));
  readTiers(h, at(skuParam, 'skuRangePrices'));
  readTiers(h, at(orderParamModel, 'skuParam', 'currentPrices'));
  h.moq ??= positive(count(at(orderParam, 'beginNum')));
  h.offerStock ??= count(at(orderParam, 'canBookedAmount'));
  h.unit ??= str(at(orderParam, 'unit'));
}

const positive = (n: number | undefined) => (n !== undefined && n > 0 ? n : undefined);

function privacy(h: Harvest, ...holders: unknown[]): void {
  if (holders.some((x) => at(x, 'isPricePrivate') === true)) h.warnings.push(W.pricePrivate());
}

// ---------------------------------------------------------------------------------------------------
// formats

export function isPcContext(root: Obj): boolean {
  return (
    isRecord(at(root, 'result', 'data', 'Root')) ||
    isRecord(at(root, 'result', 'global', 'globalData', 'model'))
  );
}

export function harvestPcContext(root: Obj): Harvest {
  const h = emptyHarvest('pc-window-context');
  const data = at(root, 'result', 'data');
  const dataJson = at(data, 'Root', 'fields', 'dataJson');
  const globalData = at(root, 'result', 'global', 'globalData');
  const model = at(globalData, 'model');
  const offerDetail = at(model, 'offerDetail');
  const tradeModel = at(model, 'tradeModel');
  const tempModel = at(dataJson, 'tempModel');
  const freightInfo = at(model, 'detailDescription', 'freightInfo');

  const offerId =
    idString(at(dataJson, 'offerBaseInfo', 'offerId')) ??
    idString(at(tempModel, 'offerId')) ??
    idString(at(offerDetail, 'offerId')) ??
    idString(at(tradeModel, 'offerId')) ??
    idString(at(globalData, 'parametersMap', 'offerId'));
  if (offerId) h.offerId = offerId;
  const title =
    str(at(tempModel, 'offerTitle')) ??
    str(at(offerDetail, 'subject')) ??
    str(at(data, 'gallery', 'fields', 'subject'));
  if (title) h.title = title;
  const unit = str(at(tempModel, 'offerUnit')) ?? str(at(tradeModel, 'unit'));
  if (unit) h.unit = unit;
  h.mainImages.push(...readImages(at(offerDetail, 'imageList')));
  const detailUrl = httpsUrl(at(offerDetail, 'detailUrl'));
  if (detailUrl) h.detailUrl = detailUrl;
  const description = str(at(offerDetail, 'description'));
  if (description) h.descriptionHtml.push(description);
  readAttributes(h, at(offerDetail, 'featureAttributes'));

  const skuModel = at(dataJson, 'skuModel');
  const axes = readAxes(at(skuModel, 'skuProps')) ?? readAxes(at(offerDetail, 'skuProps'));
  if (axes) h.axes = axes;
  readSkus(h, at(skuModel, 'skuInfoMap'), at(tradeModel, 'skuMap'));

  readOrderParam(h, at(dataJson, 'orderParamModel'));
  h.priceType ??= str(at(tradeModel, 'offerPriceModel', 'priceDisplayType'));
  readTiers(h, at(tradeModel, 'offerPriceModel', 'currentPrices'));
  h.moq ??= positive(count(at(tradeModel, 'beginAmount')));

  readPack(h, at(data, 'productPackInfo', 'fields', 'pieceWeightScale', 'pieceWeightScaleInfo'));
  readSkuWeights(h, at(freightInfo, 'skuWeight'));
  const unitKg = num(at(freightInfo, 'unitWeight'));
  if (unitKg !== undefined && unitKg > 0) h.offerWeightG = Math.round(unitKg * 1000);
  privacy(h, model, tradeModel);
  return h;
}

export function isMobileDetail(root: Obj): boolean {
  const g = at(root, 'globalData');
  return (
    isRecord(g) &&
    (isRecord(at(g, 'tempModel')) || isRecord(at(g, 'detailModel')) || isRecord(at(root, 'data')))
  );
}

export function harvestMobileDetail(root: Obj): Harvest {
  const h = emptyHarvest('mobile-detail');
  const g = at(root, 'globalData');
  const temp = at(g, 'tempModel');
  const offerId =
    idString(at(temp, 'offerId')) ??
    idString(at(g, 'offerBaseInfo', 'offerId')) ??
    idString(at(g, 'detailModel', 'offerId'));
  if (offerId) h.offerId = offerId;
  const title = str(at(temp, 'offerTitle')) ?? str(at(g, 'offerBaseInfo', 'title'));
  if (title) h.title = title;
  const unit = str(at(temp, 'offerUnit'));
  if (unit) h.unit = unit;
  const detailUrl = httpsUrl(at(g, 'detailModel', 'detailUrl'));
  if (detailUrl) h.detailUrl = detailUrl;
  readAttributes(h, at(g, 'offerBaseInfo', 'featureAttributes'));
  const isSku = at(g, 'offerSigns', 'isSkuOffer');
  if (typeof isSku === 'boolean') h.isSkuOffer = isSku;

  const modules = Object.values(obj(at(root, 'data')) ?? {});
  const components = modules.map((c) => at(c, 'data')).filter(isRecord);
  // The 2024 PC page (window.__INIT_DATA) keeps its attributes in a module whose data is the list
  // itself (`@ali/tdmod-od-pc-attribute-new`: [{name, value, values}]).
  for (const c of modules) {
    const list = at(c, 'data');
    if (Array.isArray(list) && /attribute/i.test(str(at(c, 'componentType')) ?? '')) readAttributes(h, list);
  }
  for (const c of components) {
    h.mainImages.push(...readImages(c.offerImgList));
    readAttributes(h, c.propsList);
    readAttributes(h, c.featureAttributes);
    // The 2024 PC page (window.__INIT_DATA) carries the per-SKU pack info in a component…
    readPack(h, at(c, 'pieceWeightScale', 'pieceWeightScaleInfo'));
    // …and the description page address in its description module.
    const moduleDetailUrl = httpsUrl(c.detailUrl);
    if (moduleDetailUrl && !h.detailUrl) h.detailUrl = moduleDetailUrl;
  }
  const skuModel =
    at(g, 'skuModel') ?? components.find((c) => isRecord(c.skuInfoMap) || Array.isArray(c.skuProps));
  const axes = readAxes(at(skuModel, 'skuProps'));
  if (axes) h.axes = axes;
  readSkus(h, at(skuModel, 'skuInfoMap'));
  readOrderParam(h, at(g, 'orderParamModel') ?? components.find((c) => isRecord(c.orderParam)));
  privacy(h, g);
  return h;
}

/** The `{ret, data:{result:{data}}}` envelope of the SKU model answers, or the inner data itself. */
export function skuModelData(root: Obj): Obj | undefined {
  const inner = obj(at(root, 'data', 'result', 'data'));
  if (inner && (isRecord(inner.skuModel) || isRecord(inner.offerBaseInfo))) return inner;
  if (isRecord(root.skuModel) && (isRecord(root.offerBaseInfo) || isRecord(root.orderParamModel)))
    return root;
  return undefined;
}

export function harvestSkuModel(data: Obj): Harvest {
  const skuModel = at(data, 'skuModel');
  const entries = Object.values(obj(at(skuModel, 'skuInfoMap')) ?? {});
  const rich =
    entries.some((e) => at(e, 'specId') !== undefined || at(e, 'discountPrice') !== undefined) ||
    at(data, 'orderParamModel', 'orderParam', 'canBookedAmount') !== undefined;
  const h = emptyHarvest(rich ? 'mtop-sku-model' : 'public-sku-model');
  const base = at(data, 'offerBaseInfo');
  const offerId = idString(at(base, 'offerId'));
  if (offerId) h.offerId = offerId;
  const title = str(at(base, 'title')) ?? str(at(base, 'subject'));
  if (title) h.title = title;
  const unit = str(at(base, 'offerUnit'));
  if (unit) h.unit = unit;
  const pic = httpsUrl(at(base, 'picUrl'));
  if (pic) h.mainImages.push(pic);
  const axes = readAxes(at(skuModel, 'skuProps'));
  if (axes) h.axes = axes;
  readSkus(h, at(skuModel, 'skuInfoMap'));
  readOrderParam(h, at(data, 'orderParamModel'));
  privacy(h, data, base, skuModel);
  return h;
}

/** Images from description HTML: `data-src` (lazy images) first, else `src`. Unfiltered. */
export function descriptionImageUrls(html: string): string[] {
  const out: string[] = [];
  const tag = /<img\b[^>]*>/gi;
  // Only up to the last `>`: every `<img` before it then matches, and none is tried to the end of the
  // text in vain (`<img ` repeated without a `>` otherwise costs quadratic time: 500 KB took 131 s).
  const closed = html.slice(0, html.lastIndexOf('>') + 1);
  for (let m = tag.exec(closed); m; m = tag.exec(closed)) {
    const attrs = m[0];
    const pick = (name: string) => {
      const re = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i');
      const a = re.exec(attrs);
      return a ? decodeHtmlEntities(a[1] ?? a[2] ?? a[3] ?? '') : undefined;
    };
    if (isSpacerSize(pick('width'), pick('height'))) continue;
    const url = httpsUrl(pick('data-src') ?? pick('data-lazyload-src') ?? pick('src'));
    if (url && !isSpacerUrl(url)) out.push(url);
  }
  return uniq(out);
}

/** `width="1" height="1"` (or 0, with or without px): a layout spacer, not a picture. */
function isSpacerSize(width: string | undefined, height: string | undefined): boolean {
  const tiny = (v: string | undefined) => v !== undefined && /^\s*[01](?:\.0+)?\s*(?:px)?\s*$/i.test(v);
  return tiny(width) && tiny(height);
}

/** Taobao's 1×1 spacer pictures (`spaceball.gif`, `…-1-1.gif`, `s.gif`) that lazy descriptions carry. */
function isSpacerUrl(url: string): boolean {
  const file = url.split(/[?#]/)[0]?.split('/').pop()?.toLowerCase() ?? '';
  return /^(?:spaceball|spacer|blank|s)\.(?:gif|png)$/.test(file) || /[-_x]1[-_x]1\.(?:gif|png)$/.test(file);
}

export function harvestDescriptionPage(html: string): Harvest {
  const h = emptyHarvest('description-page');
  h.descriptionHtml.push(html);
  return h;
}
