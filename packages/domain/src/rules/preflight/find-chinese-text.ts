import type { RegistrationDocument } from '../../entities/registration-document.ts';
import { noticeName } from '../document/normalize-notices.ts';
import { exposedAttributesOf, unexposedAttributesOf } from '../schema/check-document-against-schema.ts';
import { containsCjk } from '../text/contains-cjk.ts';

// Issue 20: Coupang refuses Chinese in what a product shows. Every text field an export sends is
// looked at, not only the four of the completeness check (W §5): names, brand, maker, tags,
// description, alt text, model number, attribute, notice and certificate values.

export type ChineseTextField = {
  /** Path inside the option document. */
  readonly path: string;
  /** What the seller calls the field. */
  readonly label: { readonly ko: string; readonly en: string };
  readonly text: string;
};

const asText = (v: unknown): string =>
  typeof v === 'string' ? v : Array.isArray(v) ? v.filter((x) => typeof x === 'string').join(', ') : '';

/** The document's exported text fields that hold Chinese characters, in document order. */
export function findChineseText(doc: RegistrationDocument): ChineseTextField[] {
  const out: ChineseTextField[] = [];
  const look = (path: string, ko: string, en: string, value: unknown) => {
    const text = asText(value);
    if (containsCjk(text)) out.push({ path, label: { ko, en }, text });
  };
  const page = doc.productPage;
  look('startPage.productName', '상품명', 'product name', doc.startPage?.productName);
  look('productPage.brand', '브랜드', 'brand', page?.brand);
  look('productPage.manufacturer', '제조사', 'manufacturer', page?.manufacturer);
  look('productPage.modelNumber', '모델번호', 'model number', page?.modelNumber);
  look('productPage.searchTags', '검색어', 'search tags', page?.searchTags);
  look('productPage.productDescription', '상품 설명', 'description', page?.productDescription);
  look('imagePage.details.altText', '대체텍스트', 'alt text', doc.imagePage?.details?.altText);
  const exposedBase = page?.commonAttributes?.exposedAttributes
    ? 'productPage.commonAttributes.exposedAttributes'
    : 'productPage.exposedAttributes';
  for (const [i, a] of exposedAttributesOf(doc).entries())
    look(`${exposedBase}.${i}.attributeValue`, a.attributeName, a.attributeName, a.attributeValue);
  for (const [i, a] of unexposedAttributesOf(doc).entries())
    look(
      `productPage.unexposedAttributes.${i}.attributeValue`,
      a.attributeName,
      a.attributeName,
      a.attributeValue,
    );
  for (const [i, n] of (doc.legalPage?.notices ?? []).entries())
    look(
      `legalPage.notices.${i}.noticeItemValue`,
      noticeName(n),
      noticeName(n),
      n.noticeItemValue ?? n.content,
    );
  for (const [i, c] of (doc.legalPage?.certificates ?? []).entries())
    look(
      `legalPage.certificates.${i}.certificateValue`,
      c.certificateName,
      c.certificateName,
      c.certificateValue,
    );
  return out;
}
