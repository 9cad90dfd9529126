import { createHash } from 'node:crypto';
import type { OcrItem } from '@rr/domain';
import sharp from 'sharp';
import { applyTranslations, type ImageEngine, machineTranslate } from '../../src/images/translate/engine.ts';
import type { AnalyzeResult } from '../../src/images/translate/engine-core.ts';
import { needsTranslation } from '../../src/images/translate/items.ts';
import type { SourceLanguage } from '../../src/images/translate/types.ts';
import type {
  ImageRequestRepository,
  ImageRequestRow,
  NewImageRequest,
} from '../../src/images/translation/image-request-repository.ts';

// The image engine and the image request log for task tests without PostgreSQL and without the OCR
// models. The engine reads pictures a test drew (`picture`): it knows their lines of text instead of
// recognising them, and answers as the real engine does: the lines to translate by the engine's own
// `needsTranslation` (all of them for a clean-up), the AI step through the `translate` it is given
// and the engine's own `applyTranslations`, the table's translation when the AI fails. OCR, removal
// and rendering are the real engine's (test/images/engine*.test.ts); here the text-removed and
// translated images are the picture as JPEG.

/** What a drawn picture holds: its lines of text; `fails`: the engine fails on it. */
export type PictureScript = { lines?: string[]; fails?: boolean };

export type FakeImageEngine = ImageEngine & {
  /** A PNG of one colour (its bytes are the picture's identity), with the lines the engine will "read". */
  picture(opts?: PictureScript & { color?: string; width?: number; height?: number }): Promise<Buffer>;
  /** Every image the engine worked on, in order (the script's lines; `removeAll` for the clean-up). */
  readonly seen: { lines: string[]; removeAll: boolean }[];
};

const sha = (data: Uint8Array) => createHash('sha1').update(data).digest('hex');

/** A line's box: full width, 40 px high, one under the other. */
const boxOf = (k: number, width: number): OcrItem['bounding_box'] => [
  [10, 10 + k * 50],
  [width - 10, 10 + k * 50],
  [width - 10, 50 + k * 50],
  [10, 50 + k * 50],
];

export function createFakeImageEngine(): FakeImageEngine {
  const scripts = new Map<string, PictureScript>();
  const seen: FakeImageEngine['seen'] = [];
  let colors = 0;

  /** Reads a picture as the real engine would: its size (sharp), its lines (the script). */
  async function read(image: Uint8Array, removeAll: boolean, lang: SourceLanguage) {
    const script = scripts.get(sha(image)) ?? {};
    const lines = script.lines ?? [];
    seen.push({ lines, removeAll });
    if (script.fails) throw new Error('engine failed');
    const meta = await sharp(image).metadata();
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    const items: OcrItem[] = lines.map((text, k) => ({
      source: text,
      target: text,
      font_size: 40,
      bounding_box: boxOf(k, width),
      align: 'center',
      line_count: 1,
      translate: removeAll || needsTranslation(text, lang),
    }));
    const jpeg = await sharp(image).flatten({ background: '#ffffff' }).jpeg().toBuffer();
    return { width, height, items, jpeg };
  }

  return {
    seen,
    async picture(opts = {}) {
      colors++;
      const color = opts.color ?? `#${((colors * 0x2f4b7d) & 0xffffff).toString(16).padStart(6, '0')}`;
      const png = await sharp({
        create: { width: opts.width ?? 600, height: opts.height ?? 600, channels: 3, background: color },
      })
        .png()
        .toBuffer();
      scripts.set(sha(png), { lines: opts.lines ?? [], fails: opts.fails ?? false });
      return png;
    },
    async translateImage(image, o = {}) {
      const lang = o.sourceLanguage ?? 'CHN';
      const r = await read(image, false, lang);
      const todo = r.items.filter((i) => i.translate);
      for (const item of r.items)
        item.target = item.translate ? machineTranslate(item.source, lang) : item.source;
      let translation: 'ai' | 'fallback' | 'none' = todo.length ? 'fallback' : 'none';
      if (todo.length && o.translate) {
        const answer = await o
          .translate(
            todo.map((i) => i.source),
            { sourceLanguage: lang },
          )
          .catch(() => []);
        if (applyTranslations(r.items, answer, lang)) translation = 'ai';
      }
      return {
        width: r.width,
        height: r.height,
        items: r.items,
        lines: [],
        removed: r.jpeg,
        translated: r.jpeg,
        translation,
        layouts: [],
        ms: { decode: 0, ocr: 0, removal: 0, translate: 0, render: 0 },
      };
    },
    async analyze(image, lang = 'CHN', opts): Promise<AnalyzeResult> {
      const r = await read(image, opts?.removeAll === true, lang);
      return {
        width: r.width,
        height: r.height,
        lines: [],
        items: r.items,
        removed: r.jpeg,
        ms: { decode: 0, ocr: 0, removal: 0 },
      };
    },
    render() {
      throw new Error('fake image engine: render is not faked');
    },
    async warmup() {},
    async close() {},
  };
}

/** The image request log in memory (the rows a translation or a clean-up records). */
export function createMemoryImageRequests(): ImageRequestRepository & { rows: ImageRequestRow[] } {
  const rows: ImageRequestRow[] = [];
  return {
    rows,
    async insert(row: NewImageRequest) {
      rows.push({ ...row, created_at: new Date() } as unknown as ImageRequestRow);
    },
    async findMany(companyId, requestIds) {
      return rows.filter((r) => r.company_id === companyId && requestIds.includes(r.request_id));
    },
    async findOne(companyId, requestId) {
      return rows.find((r) => r.company_id === companyId && r.request_id === requestId);
    },
  };
}
