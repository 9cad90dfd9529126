import { isRecord, MESSAGES, validateManualSeo } from '@rr/domain';
import type { Db } from '../db/database.ts';
import { badRequest } from '../errors/app-error.ts';
import { applyPartialUpdate, findProduct, toProduct } from './product-repository.ts';
import { changedPaths, productNotFound, withDocumentNames } from './product-service.ts';
import { parseUpdateFields } from './update-paths.ts';

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

export type ManualSeoInput = {
  productId: string;
  seo: {
    productName?: string | undefined;
    keywords?: string[] | string | undefined;
    metaDescription?: string | undefined;
    features?: string[] | undefined;
    options?: Array<{ optionNumber: string; korName: string }> | undefined;
  };
};

/**
 * Manual SEO entry from the workflow screen (W §2, §5): a product name is mandatory, blank features
 * are dropped, the limits and the score are the AI's. What the seller enters is the seller's: later
 * SEO runs leave it alone. Each option's Korean name follows its SEO option name.
 */
export async function saveManualSeo(db: Db, companyId: string, input: ManualSeoInput) {
  const checked = validateManualSeo(input.seo);
  if (!checked.ok) throw badRequest(MESSAGES.seoProductNameRequired, 'seo_product_name_required');
  const row = await findProduct(db, companyId, input.productId);
  if (!row) throw productNotFound();
  const seo = checked.value;
  const options = Array.isArray(row.doc.options) ? row.doc.options : [];
  const fields: Record<string, unknown> = { seo, seoStatus: 'completed' };
  options.forEach((o, i) => {
    const number = isRecord(o) ? text(o.optionNumber) : '';
    const name = seo.options.find((s) => s.optionNumber === number)?.korName.trim();
    if (number && name) fields[`options.${i}.korName`] = name;
  });
  // Manual SEO completes the SEO task: a seller's explicit action that sets its status.
  const parsed = parseUpdateFields(fields, { withStatus: true });
  if (!parsed.ok) throw badRequest(MESSAGES.invalidData, 'invalid_seo');
  await applyPartialUpdate(db, companyId, row.id, withDocumentNames(row.doc, fields, parsed.updates), {
    // The score is computed, never typed: it stays the task's to recompute.
    sellerPaths: changedPaths(row.doc, fields).filter((p) => !p.startsWith('seo.score')),
  });
  const updated = await findProduct(db, companyId, row.id);
  if (!updated) throw productNotFound();
  return toProduct(updated);
}
