import { isRecord } from '../records.ts';
import { buildOffer } from './build.ts';
import { readCaptureText } from './capture-text.ts';
import {
  type Harvest,
  harvestDescriptionPage,
  harvestMobileDetail,
  harvestPcContext,
  harvestSkuModel,
  isMobileDetail,
  isPcContext,
  skuModelData,
} from './harvest.ts';
import { reasons as R } from './messages.ts';
import { harvestOwn, looksLikeOwnOffer, OwnOfferInputSchema, ownIssues, ownOfferList } from './own-json.ts';
import type { ImportMessage, ParseResult } from './schema.ts';
import { arr } from './values.ts';

type Read = { ok: true; harvests: Harvest[] } | { ok: false; reason: ImportMessage };

/** Text → data (no evaluation), then data → harvests. Arrays of own-format offers give several. */
function readInput(input: unknown): Read {
  let value = input;
  if (typeof input === 'string') {
    const text = readCaptureText(input);
    switch (text.kind) {
      case 'link':
        return { ok: false, reason: R.linkOnly() };
      case 'unreadable':
        return { ok: false, reason: text.error === 'empty' ? R.emptyInput() : R.unreadable(text.error) };
      case 'description-page':
        return { ok: true, harvests: [harvestDescriptionPage(text.html)] };
      case 'data':
        value = text.value;
    }
  }
  if (value === null || value === undefined) return { ok: false, reason: R.emptyInput() };

  const list = ownOfferList(value);
  if (list) {
    if (list.length === 0) return { ok: false, reason: R.emptyInput() };
    const harvests: Harvest[] = [];
    for (const [i, item] of list.entries()) {
      const parsed = OwnOfferInputSchema.safeParse(item);
      if (!parsed.success) {
        return { ok: false, reason: R.invalidOwnJson(ownIssues(parsed.error).map((s) => `[${i}] ${s}`)) };
      }
      harvests.push(harvestOwn(parsed.data));
    }
    return { ok: true, harvests };
  }
  if (!isRecord(value)) return { ok: false, reason: R.unknownFormat() };

  if (isPcContext(value)) return { ok: true, harvests: [harvestPcContext(value)] };
  if (Array.isArray(value.ret)) {
    const ret = arr(value.ret).filter((x): x is string => typeof x === 'string');
    if (!ret.some((r) => /^SUCCESS(::|$)/.test(r)))
      return { ok: false, reason: R.apiFailure(ret.join(' ') || '?') };
  }
  const skuData = skuModelData(value);
  if (skuData) return { ok: true, harvests: [harvestSkuModel(skuData)] };
  if (isMobileDetail(value)) return { ok: true, harvests: [harvestMobileDetail(value)] };
  if (looksLikeOwnOffer(value)) {
    const parsed = OwnOfferInputSchema.safeParse(value);
    if (!parsed.success) return { ok: false, reason: R.invalidOwnJson(ownIssues(parsed.error)) };
    return { ok: true, harvests: [harvestOwn(parsed.data)] };
  }
  return { ok: false, reason: R.unknownFormat() };
}

/**
 * Parses one 1688 capture of one offer: the PC page `window.context` (JSON, or the raw page script /
 * whole page text), the mobile detail data, the mtop or public SKU model answer, or one offer in our
 * own JSON format (FORMAT.md). A capture with nothing usable (no title, no SKUs) is refused with the
 * reason. Pure: no I/O, no clock.
 */
export function parse1688Capture(input: unknown): ParseResult {
  const read = readInput(input);
  if (!read.ok) return read;
  if (read.harvests.length > 1) return { ok: false, reason: R.multipleOffers(read.harvests.length) };
  return buildOffer(read.harvests);
}

/**
 * Merges several captures of the same offer (e.g. mobile detail + SKU model, or PC page + description
 * page) into one offer. Captures of different offers are refused. SKUs come from the richest capture
 * that has them (own JSON, PC page, mtop, mobile, public); missing SKU fields are filled from the others
 * by combination key; text fields come from the first capture that has them; images and attributes
 * are united.
 */
export function parse1688Captures(inputs: readonly unknown[]): ParseResult {
  const harvests: Harvest[] = [];
  for (const input of inputs) {
    const read = readInput(input);
    if (!read.ok) return read;
    if (read.harvests.length > 1) return { ok: false, reason: R.multipleOffers(read.harvests.length) };
    harvests.push(...read.harvests);
  }
  return buildOffer(harvests);
}

/**
 * Imports one input that may hold many offers (our own JSON format as an array or `{offers: [...]}`),
 * or one capture. One result per offer, in input order.
 */
export function parse1688Import(input: unknown): ParseResult[] {
  let value = input;
  if (typeof input === 'string') {
    const text = readCaptureText(input);
    if (text.kind === 'data') value = text.value;
  }
  const list = ownOfferList(value);
  if (list && list.length > 0) {
    // each offer stands alone: one bad entry does not refuse the others
    return list.map((item, i) => {
      const parsed = OwnOfferInputSchema.safeParse(item);
      if (!parsed.success) {
        return { ok: false, reason: R.invalidOwnJson(ownIssues(parsed.error).map((s) => `[${i}] ${s}`)) };
      }
      return buildOffer([harvestOwn(parsed.data)]);
    });
  }
  const read = readInput(value);
  if (!read.ok) return [read];
  return read.harvests.map((h) => buildOffer([h]));
}
