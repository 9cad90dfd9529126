import { productFields, productPath } from '@rr/domain';
import sharp from 'sharp';
import { badRequest, notFound } from '../errors/app-error.ts';
import { fetchImage } from '../images/fetch-image.ts';
import type { FileStorage } from '../images/storage.ts';
import type { ProductStore } from '../products/product-store.ts';

// One-click fixes that need the server (the others are partial updates the client sends as they are):
// a representative image fitted onto a white 1000 px square (JPEG, well under 3 MB), written to every
// option document that used the old image.

const SQUARE = 1000;

export async function squareMainImage(
  deps: { products: Pick<ProductStore, 'find' | 'write'>; storage: FileStorage },
  companyId: string,
  input: { productId: string; url: string },
): Promise<{ url: string; updated: number }> {
  const row = await deps.products.find(companyId, input.productId);
  if (!row) throw notFound(undefined, 'product_not_found');
  const docs = row.doc.coupangDoc?.jsonDocument ?? [];
  const using = docs
    .map((d, i) => (d.imagePage?.images?.mainImage === input.url ? i : -1))
    .filter((i) => i >= 0);
  if (using.length === 0)
    throw badRequest(
      { ko: '이 상품의 대표이미지가 아닙니다.', en: 'This is not a representative image of the product.' },
      'not_main_image',
    );
  const { data } = await fetchImage(input.url, {
    storage: deps.storage,
    company: companyId,
    maxPixels: 100_000_000,
  });
  const square = await sharp(data, { limitInputPixels: 100_000_000 })
    .rotate()
    .trim({ background: '#ffffff', threshold: 10 })
    .resize(Math.round(SQUARE * 0.9), Math.round(SQUARE * 0.9), { fit: 'inside' })
    .extend({ top: 50, bottom: 50, left: 50, right: 50, background: '#ffffff' })
    .resize(SQUARE, SQUARE, { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toBuffer();
  const stored = await deps.storage.put(
    companyId,
    `main-square-${row.registration_id}.jpg`,
    square,
    'image/jpeg',
  );
  // Planned on the product as it is at the write: the documents that use the old image then.
  const updated = await deps.products.write({ companyId, productId: row.id }, (current) => {
    const docs = current.doc.coupangDoc?.jsonDocument ?? [];
    const paths = docs.flatMap((d, i) =>
      d.imagePage?.images?.mainImage === input.url
        ? [productPath('coupangDoc', 'jsonDocument', i, 'imagePage', 'images', 'mainImage')]
        : [],
    );
    return { set: productFields(...paths.map((p) => [p, stored.url] as const)), result: paths.length };
  });
  return { url: stored.url, updated };
}
