import { containsCjk } from '../text/contains-cjk.ts';

// Issue 20: the SEO name is the document's name. When the product's SEO name changes (by the SEO task
// or by the seller) the coupangDoc name and every option document's startPage.productName follow it;
// a document name the seller edited stays theirs. A name holding Chinese is never spread.

/**
 * The dotted-path updates that keep the document names in step with `seoName`: coupangDoc.productName
 * and coupangDoc.jsonDocument.{i}.startPage.productName for each of `documentCount` documents whose
 * name is not the seller's. Empty when the name is blank or not Korean.
 */
export function syncDocumentNames(
  seoName: string,
  documentCount: number,
  isSellerOwned: (path: string) => boolean = () => false,
): Record<string, string> {
  const name = seoName.trim();
  if (!name || containsCjk(name) || documentCount <= 0) return {};
  const out: Record<string, string> = {};
  if (!isSellerOwned('coupangDoc.productName')) out['coupangDoc.productName'] = name;
  for (let i = 0; i < documentCount; i++) {
    const path = `coupangDoc.jsonDocument.${i}.startPage.productName`;
    if (!isSellerOwned(path)) out[path] = name;
  }
  return out;
}
