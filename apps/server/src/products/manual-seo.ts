import { isRecord, MESSAGES, type ProductFields, productPath, validateManualSeo } from '@rr/domain';
import { badRequest } from '../errors/app-error.ts';
import { changedPaths, productNotFound, withDocumentNames } from './product-service.ts';
import { type ProductStore, toProduct } from './product-store.ts';
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
 * SEO runs leave it alone. Each option's Korean name follows its SEO option name. Written through the
 * ProductStore (its caches, the seller's marks), and the SEO task's status through its one status
 * method: a seller's explicit action (docs/architecture.md).
 */
export async function saveManualSeo(products: ProductStore, companyId: string, input: ManualSeoInput) {
  const checked = validateManualSeo(input.seo);
  if (!checked.ok) throw badRequest(MESSAGES.seoProductNameRequired, 'seo_product_name_required');
  const row = await products.find(companyId, input.productId);
  if (!row) throw productNotFound();
  const seo = checked.value;
  const options = Array.isArray(row.doc.options) ? row.doc.options : [];
  const fields: ProductFields = { seo };
  options.forEach((o, i) => {
    const number = isRecord(o) ? text(o.optionNumber) : '';
    const name = seo.options.find((s) => s.optionNumber === number)?.korName.trim();
    if (number && name) fields[productPath('options', i, 'korName')] = name;
  });
  const parsed = parseUpdateFields(fields);
  if (!parsed.ok) throw badRequest(MESSAGES.invalidData, 'invalid_seo');
  const scope = { companyId, productId: row.id };
  const written = await products.writeAsSeller(
    scope,
    withDocumentNames(row.doc, fields, parsed.updates),
    // The score is computed, never typed: it stays the task's to recompute.
    changedPaths(row.doc, fields).filter((p) => !p.startsWith('seo.score')),
  );
  // Manual SEO completes the SEO task.
  if (!written || !(await products.setTaskStatus(scope, 'seo', 'completed'))) throw productNotFound();
  const updated = await products.find(companyId, row.id);
  if (!updated) throw productNotFound();
  return toProduct(updated);
}
