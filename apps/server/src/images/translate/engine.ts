/**
 * The image translation engine: image in → OCR items, text-removed image and Korean image out.
 *
 *   const engine = createImageEngine({ translate });          // translate: AI_TRANSLATE via the gateway
 *   const r = await engine.translateImage(bytes, { sourceLanguage: 'CHN' });
 *   r.items (spec OCR items) · r.removed (JPEG) · r.translated (JPEG) · r.translation ('ai' | 'fallback')
 *   const again = await engine.render(r.removed, editedItems);  // regenerate after edits (getImageOCR)
 *   await engine.close();
 *
 * OCR and pixel work run in a worker pool; translation runs here, once per image. When the
 * translation call fails (or answers nothing usable) every line keeps the first machine translation
 * (the replacement table) with font size 40, as the spec's recoveries say.
 */
import { FONT_SIZE_FALLBACK, parseFontSize, replaceCjkWithKorean } from '@rr/domain';
import type { AnalyzeOptions, AnalyzeResult, RenderResult } from './engine-core.ts';
import { hasHan } from './items.ts';
import { EnginePool, type PoolOptions } from './pool.ts';
import type { AiTranslationItem, OcrItem, OcrLine, Rect, SourceLanguage, TranslateFn } from './types.ts';

export type TranslatedImage = {
  width: number;
  height: number;
  items: OcrItem[];
  lines: OcrLine[];
  removed: Buffer;
  translated: Buffer;
  translation: 'ai' | 'fallback' | 'none';
  layouts: RenderResult['layouts'];
  ms: AnalyzeResult['ms'] & { translate: number; render: number };
};

export type ImageEngine = {
  /** `company`: whose job it is; jobs wait per company and are taken in turn (fair share). */
  translateImage(
    image: Uint8Array,
    opts?: {
      sourceLanguage?: SourceLanguage;
      translate?: TranslateFn;
      protect?: Rect[] | undefined;
      company?: string;
    },
  ): Promise<TranslatedImage>;
  /** `handOver`: the caller gives `image` up (moved to the worker, not copied: EnginePool.analyze). */
  analyze(
    image: Uint8Array,
    sourceLanguage?: SourceLanguage,
    opts?: AnalyzeOptions & { company?: string; handOver?: boolean },
  ): Promise<AnalyzeResult>;
  render(
    removed: Uint8Array,
    items: OcrItem[],
    sourceLanguage?: SourceLanguage,
    company?: string,
  ): Promise<RenderResult>;
  warmup(): Promise<void>;
  close(): Promise<void>;
};

/**
 * The first machine translation: the domain's replacement table (`replaceCjkWithKorean`: units
 * converted, table words replaced longest first, CJK left over removed). Full-width punctuation
 * (：，。) is folded to ASCII first (NFKC), as the table keeps it as it is.
 */
export function machineTranslate(text: string, lang: SourceLanguage): string {
  return lang === 'CHN' || hasHan(text) ? tableKorean(text) : text;
}

/**
 * Chinese/Japanese text → Korean by the domain's replacement table. Punctuation left dangling by
 * dropped words (`温馨提示：…` → `: …`) is trimmed; a result without letters or digits is empty.
 */
export function tableKorean(text: string): string {
  const folded = text.normalize('NFKC').replace(/。/g, '. ').replace(/、/g, ', ');
  const out = replaceCjkWithKorean(folded)
    .replace(/\s+([:,.;!?)])/g, '$1')
    .replace(/([:,;!?])(?=[^\s\d])/g, '$1 ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s:,.;!?]+|[\s:,;]+$/g, '')
    .trim();
  return /[\p{L}\p{N}]/u.test(out) ? out : '';
}

/** Translation by the replacement table only, answering AI translation items (the default). */
export const tableTranslate: TranslateFn = async (texts, { sourceLanguage }) =>
  texts.map((ch) => ({ ch, ko: [machineTranslate(ch, sourceLanguage)], font_size: FONT_SIZE_FALLBACK }));

/** Applies AI translation items to OCR items (by `ch`, else by order); Han left in them goes through the table. */
export function applyTranslations(
  items: OcrItem[],
  answer: AiTranslationItem[],
  lang: SourceLanguage,
): boolean {
  const todo = items.filter((i) => i.translate);
  if (!Array.isArray(answer) || answer.length === 0) return false;
  const byCh = new Map(
    answer.filter((a) => a && typeof a.ch === 'string').map((a) => [a.ch.replace(/\s+/g, ''), a]),
  );
  let used = 0;
  todo.forEach((item, k) => {
    const a = byCh.get(item.source.replace(/\s+/g, '')) ?? answer[k];
    // ko[] holds Korean candidates: the first non-empty one is used.
    const ko = Array.isArray(a?.ko)
      ? (a.ko.find((s) => typeof s === 'string' && s.trim() !== '') ?? '').trim()
      : '';
    if (!a || !ko) return;
    item.target = hasHan(ko) ? tableKorean(ko) : ko;
    item.font_size = parseFontSize(a.font_size);
    const adj = a.adjust_box;
    if (adj && Number.isFinite(adj.width_percent) && Number.isFinite(adj.height_percent)) {
      item.adjust_box = {
        width_percent: Math.min(200, Math.max(50, adj.width_percent)),
        height_percent: Math.min(200, Math.max(50, adj.height_percent)),
      };
    }
    used++;
  });
  void lang;
  return used > 0;
}

export function createImageEngine(opts: { translate?: TranslateFn; pool?: PoolOptions } = {}): ImageEngine {
  const pool = new EnginePool(opts.pool);
  const defaultTranslate = opts.translate ?? tableTranslate;
  return {
    analyze: (image, lang = 'CHN', opts) => {
      const { company, handOver, ...analyzeOpts } = opts ?? {};
      return pool.analyze(image, lang, analyzeOpts, company, handOver).then(fixBuffers);
    },
    render: async (removed, items, lang = 'CHN', company) => {
      const r = await pool.render(removed, items, lang, company);
      return { ...r, image: Buffer.from(r.image.buffer, r.image.byteOffset, r.image.byteLength) };
    },
    warmup: () => pool.warmup(),
    close: () => pool.close(),
    async translateImage(image, o = {}) {
      const lang = o.sourceLanguage ?? 'CHN';
      const translate = o.translate ?? defaultTranslate;
      const a = fixBuffers(await pool.analyze(image, lang, { protect: o.protect }, o.company));
      const t0 = performance.now();
      const todo = a.items.filter((i) => i.translate);
      for (const item of a.items) {
        item.target = item.translate ? machineTranslate(item.source, lang) : item.source;
      }
      let translation: TranslatedImage['translation'] = todo.length ? 'fallback' : 'none';
      if (todo.length) {
        let ok = false;
        try {
          ok = applyTranslations(
            a.items,
            await translate(
              todo.map((i) => i.source),
              { sourceLanguage: lang },
            ),
            lang,
          );
        } catch {
          ok = false;
        }
        if (ok && translate !== tableTranslate) translation = 'ai';
        if (!ok) {
          for (const item of todo) {
            item.target = machineTranslate(item.source, lang);
            item.font_size = FONT_SIZE_FALLBACK;
          }
        }
      }
      const t1 = performance.now();
      const r = await pool.render(a.removed, a.items, lang, o.company, image);
      const t2 = performance.now();
      // Lines without a translation were put back as they were: stored as kept.
      for (const item of a.items) {
        if (item.translate && !item.target.trim()) {
          item.translate = false;
          item.target = item.source;
        }
      }
      return {
        width: a.width,
        height: a.height,
        items: a.items,
        lines: a.lines,
        removed: r.removed
          ? Buffer.from(r.removed.buffer, r.removed.byteOffset, r.removed.byteLength)
          : a.removed,
        translated: Buffer.from(r.image.buffer, r.image.byteOffset, r.image.byteLength),
        translation,
        layouts: r.layouts,
        ms: { ...a.ms, translate: t1 - t0, render: t2 - t1 },
      };
    },
  };
}

function fixBuffers(a: AnalyzeResult): AnalyzeResult {
  return { ...a, removed: Buffer.from(a.removed.buffer, a.removed.byteOffset, a.removed.byteLength) };
}
