import { readFileSync } from 'node:fs';
import path from 'node:path';
import { makeOptionNumber, newProductFromOffer, parse1688Import } from '@rr/domain';
import type { FileStorage } from '../images/storage.ts';
import type { ProductService } from '../products/product-service.ts';
import type { ProductStore } from '../products/product-store.ts';
import type { SettingsRepository } from '../settings/settings-repository.ts';

import { DEMO_OFFERS, type DemoOffer } from './demo-offers.ts';
import { seedDemoSettings } from './demo-settings.ts';
import { DEMO_IMAGE_DIR, demoImageNames } from './generate-demo-images.ts';

/**
 * What the demo's products are seeded through (issue 40: the container's store, settings repository
 * and product service, no database): `container.demoProducts`.
 */
export type DemoProductDeps = {
  settings: Pick<SettingsRepository, 'find' | 'update'>;
  products: Pick<ProductStore, 'findByOfferId' | 'nextRegistrationId' | 'create'>;
  /** The product service's registration (its category schemas, the store's status method). */
  register: ProductService['register'];
};

/**
 * The demo company's sample products: the eight demo offers imported through the 1688 parser, their
 * generated images stored in the company's storage, each added to registration with its category.
 * Idempotent: an offer already present is skipped, so a second start adds nothing. The company's
 * brand, manufacturer and importer are set first when missing, so the documents carry them.
 */
export async function seedDemoProducts(
  deps: DemoProductDeps,
  companyId: string,
  storage: FileStorage,
): Promise<number> {
  const { products } = deps;
  await seedDemoSettings(deps.settings, companyId);
  let created = 0;
  for (const demo of DEMO_OFFERS) {
    const offerId = String(demo.offer.offerId);
    if (await products.findByOfferId(companyId, offerId)) continue;
    const registrationId = await products.nextRegistrationId(companyId);
    const doc = await newDemoProduct(demo, registrationId, storage, companyId);
    const [row] = await products.create(companyId, [{ registrationId, doc }]);
    if (!row) throw new Error(`demo offer ${offerId} was not saved`);
    await deps.register(companyId, {
      productId: row.id,
      displayCategoryCode: demo.displayCategoryCode,
      force: false,
    });
    created++;
  }
  return created;
}

/**
 * One demo offer as a new product's document (not yet saved): imported through the 1688 parser, its
 * generated images stored in the company's storage, the first axis's values shown with them.
 */
export async function newDemoProduct(
  demo: DemoOffer,
  registrationId: string,
  storage: FileStorage,
  companyId: string,
): Promise<Record<string, unknown>> {
  const offerId = String(demo.offer.offerId);
  const [parsed] = parse1688Import(demo.offer);
  if (!parsed?.ok)
    throw new Error(`demo offer ${offerId} does not parse: ${parsed?.ok === false ? parsed.reason.en : ''}`);
  const names = demoImageNames(demo);
  const put = async (name: string) =>
    (await storage.put(companyId, name, readFileSync(path.join(DEMO_IMAGE_DIR, name)), 'image/jpeg')).url;
  const mainImages = await Promise.all(names.main.map(put));
  const detail = await put(names.detail);
  const doc = newProductFromOffer(
    parsed.offer,
    registrationId,
    (i) => makeOptionNumber(registrationId, i + 1),
    {
      read: parsed.read,
      kept: parsed.kept,
      warnings: parsed.warnings.map((w) => w.ko),
      now: new Date().toISOString(),
    },
  );
  const firstAxis = parsed.offer.skuAxes[0]?.values.map((v) => v.name) ?? [];
  doc.mainImages = mainImages;
  doc.detailImages = [detail];
  doc.originDetailImages = [{ originalUrl: detail, img: detail }];
  doc.originalDetailImages = [detail];
  doc.options = (doc.options as Record<string, unknown>[]).map((o) => {
    const option1 = o.option1 as { name: string };
    const colour = Math.max(0, firstAxis.indexOf(option1.name));
    return { ...o, option1: { ...option1, image: mainImages[colour % mainImages.length] } };
  });
  return doc;
}
