/**
 * Pure pieces of the image translation page: OCR items (W §3 "Text items from image analysis"),
 * their four-point boxes drawn over the original, edits, and the answers of the spec's image calls (§7).
 */

import { isRecord, type OcrItem, type Point, type Quad, TEXT_ALIGNS, type TextAlign } from '@rr/domain';
import { toQuad } from '../../shared/images/quad';
import { toNumber as num, toRecord as rec, toText as str } from '../../shared/values';

export type { OcrItem, Point, Quad };
export type Align = TextAlign;

const ALIGNS: readonly Align[] = TEXT_ALIGNS;

/** Default font size when the answer's cannot be read (W §9). */
export const DEFAULT_FONT_SIZE = 30;

/** Parses a font size such as 40, "40", "40px"; the default when unreadable. */
export function fontSizeOf(v: unknown): number {
  const n = typeof v === 'string' ? Number.parseFloat(v) : num(v);
  return n !== undefined && Number.isFinite(n) && n > 0 ? Math.round(n) : DEFAULT_FONT_SIZE;
}

/**
 * OCR items from a batch-query `Orc` value (an array or its JSON text). Items without a valid
 * four-point box are dropped; missing fields get the spec's defaults.
 */
export function parseOcrItems(orc: unknown): OcrItem[] {
  let list = orc;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  const items: OcrItem[] = [];
  for (const raw of list) {
    if (!isRecord(raw)) continue;
    const r = raw;
    const box = toQuad(r.bounding_box);
    if (!box) continue;
    const source = typeof r.source === 'string' ? r.source : '';
    items.push({
      ...r,
      source,
      target: typeof r.target === 'string' ? r.target : '',
      font_size: fontSizeOf(r.font_size),
      bounding_box: box,
      align: ALIGNS.find((a) => a === r.align) ?? 'center',
      line_count: Math.max(1, Math.round(num(r.line_count) ?? 1)),
    });
  }
  return items;
}

/** SVG polygon `points` of a box: "x1,y1 x2,y2 x3,y3 x4,y4". */
export const polygonPoints = (box: Quad) => box.map(([x, y]) => `${round1(x)},${round1(y)}`).join(' ');

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Axis-aligned bounds of a box. */
export function boundsOf(box: Quad): { x: number; y: number; width: number; height: number } {
  const xs = box.map((p) => p[0]);
  const ys = box.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/**
 * What the overlay draws for each item, in the image's own pixels (the SVG's viewBox): the
 * polygon and a numbered badge at the box's top-left — above the box when there is room, else
 * inside its top edge — kept inside the image, sized by the image width so it stays readable when
 * the image is fitted to its panel.
 */
export type OverlayBox = {
  index: number;
  points: string;
  /** The badge's rectangle (top-left corner, size) and its font size. */
  label: { x: number; y: number; width: number; height: number; size: number };
  kept: boolean;
};

export function overlayBoxes(items: OcrItem[], image: { width: number; height: number }): OverlayBox[] {
  const size = Math.max(12, Math.round(image.width / 28));
  const height = Math.round(size * 1.25);
  return items.map((item, index) => {
    const b = boundsOf(item.bounding_box);
    const digits = String(index + 1).length;
    const width = Math.round(size * (0.45 + 0.62 * digits));
    const x = Math.min(Math.max(0, b.x), Math.max(0, image.width - width));
    const y = b.y - height >= 0 ? b.y - height : Math.max(0, Math.min(b.y, image.height - height));
    return {
      index,
      points: polygonPoints(item.bounding_box),
      label: { x: round1(x), y: round1(y), width, height, size },
      kept: item.translate === false,
    };
  });
}

/** Indexes of items whose Korean text, font size or alignment differ from the last generated ones. */
export function changedIndexes(base: OcrItem[], edited: OcrItem[]): number[] {
  const out: number[] = [];
  edited.forEach((e, i) => {
    const b = base[i];
    if (!b || b.target !== e.target || b.font_size !== e.font_size || b.align !== e.align) out.push(i);
  });
  return out;
}

/** The ocrData sent to getImageOCR: every item, Korean text trimmed, font sizes as numbers. */
export const toOcrPayload = (items: OcrItem[]): OcrItem[] =>
  items.map((i) => ({ ...i, target: i.target.trim(), font_size: fontSizeOf(i.font_size) }));

const HAN = /\p{Script=Han}/u;
export const hasHan = (s: string) => HAN.test(s);

// ---- answers of the spec's image calls (W §7) ----

export class ImageCallError extends Error {}

export type TranslatedRefs = {
  requestId: string;
  /** The translated image. */
  url: string;
  rmUrl: string;
  /** The original as stored by the server, when it says. */
  originUrl?: string;
};

/** getImageTranslate(V2): 요청결과 성공, result[0] with RequestId and Data {Url, SslUrl, RmUrl, …}. */
export function readTranslateAnswer(res: unknown, failMessage: string): TranslatedRefs {
  const r = rec(res);
  const first = rec(Array.isArray(r.result) ? r.result[0] : undefined);
  const data = rec(first.Data);
  const requestId = str(first.RequestId);
  const url = str(data.SslTranslateUrl) ?? str(data.TranslateUrl) ?? str(data.SslUrl) ?? str(data.Url);
  const rmUrl = str(data.SslRmUrl) ?? str(data.RmUrl);
  if (r.요청결과 !== '성공' || !requestId || !url || !rmUrl) {
    throw new ImageCallError(str(r.error) ?? failMessage);
  }
  const originUrl = str(data.OriginUrl);
  return { requestId, url, rmUrl, ...(originUrl ? { originUrl } : {}) };
}

export type BatchEntry = {
  items: OcrItem[];
  url?: string;
  rmUrl?: string;
  originUrl?: string;
  width?: number;
  height?: number;
  sourceLanguage?: string;
};

/** getImageTranslateBatchQuery: result.Data.Content[requestId].Orc (plus the engine's URLs and size). */
export function readBatchAnswer(res: unknown, requestId: string, failMessage: string): BatchEntry {
  const content = rec(rec(rec(rec(res).result).Data).Content);
  const entry = content[requestId];
  if (!isRecord(entry) || !('Orc' in entry)) throw new ImageCallError(failMessage);
  const out: BatchEntry = { items: parseOcrItems(entry.Orc) };
  const url = str(entry.Url);
  const rmUrl = str(entry.RmUrl);
  const originUrl = str(entry.OriginUrl);
  const width = num(entry.Width);
  const height = num(entry.Height);
  const sourceLanguage = str(entry.SourceLanguage);
  if (url) out.url = url;
  if (rmUrl) out.rmUrl = rmUrl;
  if (originUrl) out.originUrl = originUrl;
  if (width) out.width = width;
  if (height) out.height = height;
  if (sourceLanguage) out.sourceLanguage = sourceLanguage;
  return out;
}

/** getImageOCR: result.RequestId, result.Data.Url or SslUrl. */
export function readOcrAnswer(res: unknown, failMessage: string): { requestId: string; url: string } {
  const r = rec(rec(res).result);
  const data = rec(r.Data);
  const requestId = str(r.RequestId);
  const url = str(data.SslUrl) ?? str(data.Url);
  if (!requestId || !url) throw new ImageCallError(failMessage);
  return { requestId, url };
}

/** Only http(s) addresses (or our own /files/ paths) are sent to the server. */
export function isImageAddress(s: string): boolean {
  const v = s.trim();
  if (v.startsWith('/files/')) return true;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
