import { DETAIL_PAGE_REFERENCE } from '../../constants.ts';
import type { CategorySchema } from '../../entities/category-schema.ts';
import type { RegistrationDocument } from '../../entities/registration-document.ts';
import { formatMessage } from '../../messages.ts';
import { checkCompleteness } from '../completeness/check-completeness.ts';
import { isEmptyValue } from '../document/is-empty-value.ts';
import { noticeName } from '../document/normalize-notices.ts';
import { exportMessage } from '../export/export-messages.ts';
import { checkPurchaseOptions } from '../export/purchase-options.ts';
import { roundToUnit } from '../pricing/round-to-unit.ts';
import {
  checkDocumentAgainstSchema,
  exposedAttributesOf,
  pickNoticeCategory,
} from '../schema/check-document-against-schema.ts';
import { findChineseText } from './find-chinese-text.ts';
import { findListedWords, removeWord } from './find-listed-words.ts';
import { docPath, type PreflightFinding } from './preflight-finding.ts';

/** Coupang takes prices in 10-won steps (originalPrice, salePrice, supply price). */
export const PRICE_UNIT_WON = 10;

const PRICE_FIELDS = [
  ['purchasePrice', { ko: '공급가', en: 'supply price' }],
  ['coupangSalePrice', { ko: '판매가', en: 'sale price' }],
  ['msrp', { ko: '정상가', en: 'original price' }],
] as const;

export interface DocumentPreflightInput {
  readonly doc: RegistrationDocument;
  readonly index: number;
  readonly schema: CategorySchema;
  readonly words: { readonly banned: readonly string[]; readonly brand: readonly string[] };
}

const toNumber = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/**
 * The pre-flight rules of one option document: banned and brand words in the name and search tags,
 * prices in 10-won steps, every item of one notice group, mandatory certifications, the purchase-option
 * rule and the completeness check. Each finding names its field and, where one exists, a fix.
 */
export function checkDocumentPreflight(input: DocumentPreflightInput): PreflightFinding[] {
  const { doc, index, schema } = input;
  const out: PreflightFinding[] = [];
  const at = (path: string) => ({ field: docPath(index, path), optionIndex: index });
  const brand = doc.productPage?.brand ?? '';

  // Words in the product name and the search tags.
  const texts = [
    ['startPage.productName', doc.startPage?.productName, { ko: '상품명', en: 'product name' }],
    ['productPage.searchTags', doc.productPage?.searchTags, { ko: '검색어', en: 'search tags' }],
  ] as const;
  for (const [path, raw, label] of texts) {
    const text = Array.isArray(raw) ? raw.join(', ') : (raw ?? '');
    for (const { word, kind } of findListedWords(text, input.words, brand)) {
      const key = kind === 'banned' ? 'bannedWord' : 'brandWord';
      out.push({
        ...at(path),
        rule: kind === 'banned' ? 'bannedWord' : 'brandWord',
        severity: 'error',
        message: {
          ko: exportMessage(key, { field: label.ko, word }).ko,
          en: exportMessage(key, { field: label.en, word }).en,
        },
        fix: {
          label: exportMessage('fixRemoveWord', { word }),
          updateFields: { [docPath(index, path)]: removeWord(text, word) },
        },
      });
    }
  }

  // Prices in 10-won steps.
  const common = doc.productPage?.commonAttributes;
  for (const [key, label] of PRICE_FIELDS) {
    const price = toNumber(common?.[key]);
    if (price === null || price % PRICE_UNIT_WON === 0) continue;
    const fixed = roundToUnit(price, PRICE_UNIT_WON);
    out.push({
      ...at(`productPage.commonAttributes.${key}`),
      rule: 'priceMultiple',
      severity: 'error',
      message: {
        ko: exportMessage('priceMultiple', { field: label.ko, unit: PRICE_UNIT_WON, price }).ko,
        en: exportMessage('priceMultiple', { field: label.en, unit: PRICE_UNIT_WON, price }).en,
      },
      fix: {
        label: exportMessage('fixRoundPrice', { price: fixed }),
        updateFields: { [docPath(index, `productPage.commonAttributes.${key}`)]: fixed },
      },
    });
  }

  // Notices: every required item of one of the category's notice groups.
  const notices = doc.legalPage?.notices ?? [];
  if (schema.noticeCategories.length) {
    const category = pickNoticeCategory(schema.noticeCategories, notices);
    if (!category || notices.length === 0) {
      const first = schema.noticeCategories[0]!;
      out.push({
        ...at('legalPage.notices'),
        rule: 'noticeRequired',
        severity: 'error',
        message: exportMessage('noticeCategoryMissing', {
          categories: schema.noticeCategories.map((c) => c.name).join(', '),
        }),
        fix: {
          label: exportMessage('fixFillNotices', { value: DETAIL_PAGE_REFERENCE }),
          updateFields: {
            [docPath(index, 'legalPage.notices')]: first.items.map((i) => ({
              noticeCategoryName: first.name,
              noticeItemName: i.name,
              noticeItemValue: DETAIL_PAGE_REFERENCE,
            })),
          },
        },
      });
    } else {
      const values = new Map(notices.map((n) => [noticeName(n), n.noticeItemValue ?? n.content]));
      const empty = category.items.filter((i) => i.required && isEmptyValue(values.get(i.name)));
      if (empty.length) {
        const filled = category.items.map((i) => {
          const existing = notices.find((n) => noticeName(n) === i.name);
          const value = values.get(i.name);
          return {
            ...(existing ?? {}),
            noticeCategoryName: category.name,
            noticeItemName: i.name,
            noticeItemValue: isEmptyValue(value) ? DETAIL_PAGE_REFERENCE : value,
          };
        });
        out.push({
          ...at('legalPage.notices'),
          rule: 'noticeRequired',
          severity: 'error',
          message: exportMessage('noticeMissing', {
            category: category.name,
            names: empty.map((i) => i.name).join(', '),
          }),
          fix: {
            label: exportMessage('fixFillNotices', { value: DETAIL_PAGE_REFERENCE }),
            updateFields: { [docPath(index, 'legalPage.notices')]: filled },
          },
        });
      }
    }
  }

  // Mandatory certifications.
  const certificates = doc.legalPage?.certificates ?? [];
  const missingCerts = schema.certifications
    .filter((c) => c.required === 'MANDATORY')
    .filter(
      (c) =>
        !certificates.some(
          (d) =>
            (d.certificateName === c.name || d.certificateName === c.type) &&
            !isEmptyValue(d.certificateValue),
        ),
    );
  if (missingCerts.length)
    out.push({
      ...at('legalPage.certificates'),
      rule: 'certificationRequired',
      severity: 'error',
      message: exportMessage('certificationMissing', { names: missingCerts.map((c) => c.name).join(', ') }),
    });

  // Purchase options.
  for (const p of checkPurchaseOptions(exposedAttributesOf(doc), schema)) {
    const key =
      p.kind === 'missing'
        ? 'purchaseOptionMissing'
        : p.kind === 'groupNoneFilled'
          ? 'purchaseGroupNone'
          : 'purchaseGroupSeveral';
    out.push({
      ...at('productPage.commonAttributes.exposedAttributes'),
      rule: 'purchaseOption',
      severity: 'error',
      message: exportMessage(key, { names: p.names.join(', ') }),
    });
  }

  // Chinese left in any exported text (issue 20): Coupang refuses it.
  for (const c of findChineseText(doc))
    out.push({
      ...at(c.path),
      rule: 'chineseText',
      severity: 'error',
      message: {
        ko: exportMessage('chineseText', { field: c.label.ko, text: c.text }).ko,
        en: exportMessage('chineseText', { field: c.label.en, text: c.text }).en,
      },
    });

  // Completeness below 100 % stops the export (issue 20): one finding per missing field.
  const report = checkCompleteness(doc, schema);

  // Issue 42: Q §5's per-option schema check on the server too (the quotation tab ran it alone):
  // its missing-required finding when completeness does not already name the fields, and the
  // attribute order; Chinese text is named field by field above.
  for (const problem of checkDocumentAgainstSchema(doc, schema, index + 1)) {
    if (problem.code === 'attributeChineseCharacters') continue;
    if (problem.code === 'optionMissingRequiredAttributes' && report.percent < 100) continue;
    out.push({
      field: docPath(index, problem.path ?? ''),
      optionIndex: index,
      rule: problem.code === 'attributeOrderError' ? 'schemaOrder' : 'schemaRequired',
      severity: 'error',
      message: { ko: problem.message, en: formatMessage(problem.code, problem.params ?? {}, 'en') },
    });
  }
  if (report.percent < 100)
    for (const problem of report.issues) {
      if (problem.code === 'chineseCharacters') continue; // named field by field above
      const en = formatMessage(problem.code, problem.params ?? {}, 'en');
      out.push({
        field: docPath(index, problem.path ?? ''),
        optionIndex: index,
        rule: 'incomplete',
        severity: 'error',
        message: {
          ko: exportMessage('incompleteField', { percent: report.percent, problem: problem.message }).ko,
          en: exportMessage('incompleteField', { percent: report.percent, problem: en }).en,
        },
      });
    }
  return out;
}
