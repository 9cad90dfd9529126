import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertCoupangCategoryMeta } from '@rr/domain';
import { importedTshirt } from './support.ts';

// A product added to registration in a real category: its rocketRegInfo holds the category schema
// (the shipped Coupang metadata), one option document per option.

const META_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/categories/fixtures');
export const TSHIRT = 79382; // clothing: its schema lists a size chart image as required
export const SPATULA = 80388; // kitchen tool: no size chart

export function registered(code: number, doc: Record<string, unknown> = importedTshirt()) {
  const meta = JSON.parse(readFileSync(path.join(META_DIR, `meta-${code}.json`), 'utf8'));
  const categoryPath = code === TSHIRT ? '패션의류잡화>여성패션>여성의류>티셔츠' : '주방용품>조리도구>뒤집개';
  const options = (doc.options as unknown[]) ?? [];
  return {
    ...doc,
    rocketRegInfo: {
      displayCategoryCode: code,
      categoryPath,
      schemaInfo: convertCoupangCategoryMeta(meta, { displayCategoryCode: code, categoryPath }),
    },
    coupangDoc: { jsonDocument: options.map(() => ({ imagePage: { images: {} } })) },
  };
}
