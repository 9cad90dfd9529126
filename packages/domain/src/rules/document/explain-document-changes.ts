import type { Attribute } from '../../entities/common.ts';
import type { Notice, RegistrationDocument } from '../../entities/registration-document.ts';
import type { MessageKey } from '../../messages.ts';
import { containsCjk } from '../text/contains-cjk.ts';
import { classifyNotice, noticeName } from './normalize-notices.ts';
import { isBarcodePlaceholder } from './sanitize-barcode.ts';

export interface DocumentChange {
  /** Dotted path inside the option document (productPage.modelNumber, legalPage.notices.2.noticeItemValue). */
  path: string;
  sent: unknown;
  stored: unknown;
  /** Why the rules changed it (a catalogue key: the screen shows its text). */
  reason: MessageKey;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function attributeChanges(
  section: string,
  before: readonly Attribute[] | undefined,
  after: readonly Attribute[] | undefined,
): DocumentChange[] {
  const out: DocumentChange[] = [];
  (after ?? []).forEach((a, i) => {
    const sent = before?.find((b) => b.attributeName === a.attributeName)?.attributeValue;
    if (sent === undefined || same(sent, a.attributeValue)) return;
    out.push({
      path: `${section}.${i}.attributeValue`,
      sent,
      stored: a.attributeValue ?? null,
      reason: containsCjk(sent) ? 'changeChineseReplaced' : 'changeValueNotAllowed',
    });
  });
  return out;
}

function noticeChanges(before: readonly Notice[] = [], after: readonly Notice[] = []): DocumentChange[] {
  const out: DocumentChange[] = [];
  after.forEach((n, i) => {
    const name = noticeName(n);
    const field = 'content' in n && !('noticeItemValue' in n) ? 'content' : 'noticeItemValue';
    const sentNotice = before.find((b) => noticeName(b) === name);
    const sent = sentNotice ? (sentNotice.noticeItemValue ?? sentNotice.content) : undefined;
    const stored = n.noticeItemValue ?? n.content;
    if (sent === undefined || same(sent, stored)) return;
    const reason: MessageKey = containsCjk(sent)
      ? 'changeChineseReplaced'
      : classifyNotice(name)
        ? 'changeNoticeFromSettings'
        : 'changeValueNotAllowed';
    out.push({ path: `legalPage.notices.${i}.${field}`, sent, stored, reason });
  });
  if (before.length > after.length) {
    out.push({
      path: 'legalPage.notices',
      sent: before.length,
      stored: after.length,
      reason: 'changeNoticeDuplicates',
    });
  }
  return out;
}

/**
 * What the document rules changed in a document as it was sent (`before`) and stored (`after`,
 * normalizeRegistrationDocument's result), with the reason for each, so a seller's edit that the
 * rules change is answered with what was stored and why.
 */
export function explainDocumentChanges(
  before: RegistrationDocument,
  after: RegistrationDocument,
): DocumentChange[] {
  const out: DocumentChange[] = [];
  const bp = before.productPage ?? {};
  const ap = after.productPage ?? {};
  if (bp.modelNumber != null && !same(bp.modelNumber, ap.modelNumber)) {
    out.push({
      path: 'productPage.modelNumber',
      sent: bp.modelNumber,
      stored: ap.modelNumber,
      reason: 'changeModelNumberCut',
    });
  }
  if (bp.searchTags != null && !same(bp.searchTags, ap.searchTags)) {
    const joined = Array.isArray(bp.searchTags) ? bp.searchTags.join(', ') : bp.searchTags;
    if (joined !== ap.searchTags) {
      out.push({
        path: 'productPage.searchTags',
        sent: bp.searchTags,
        stored: ap.searchTags,
        reason: 'changeSearchTagsCut',
      });
    }
  }
  if (isBarcodePlaceholder(bp.commonAttributes?.productBarcode)) {
    out.push({
      path: 'productPage.commonAttributes.productBarcode',
      sent: bp.commonAttributes?.productBarcode,
      stored: null,
      reason: 'changeBarcodePlaceholder',
    });
  }
  out.push(
    ...attributeChanges(
      'productPage.commonAttributes.exposedAttributes',
      bp.commonAttributes?.exposedAttributes,
      ap.commonAttributes?.exposedAttributes,
    ),
    ...attributeChanges('productPage.exposedAttributes', bp.exposedAttributes, ap.exposedAttributes),
    ...attributeChanges('productPage.unexposedAttributes', bp.unexposedAttributes, ap.unexposedAttributes),
  );
  const bl = before.logisticsPage ?? {};
  const al = after.logisticsPage ?? {};
  const logistics: [keyof typeof al, MessageKey][] = [
    ['skuUnitBoxDimension', 'changeBoxDimensionReset'],
    ['skuUnitBoxWeight', 'changeBoxWeightReset'],
    ['totalSKUsInBox', 'changeTotalSkusDefault'],
    ['fashionSeason', 'changeFashionSeason'],
  ];
  for (const [field, reason] of logistics) {
    const sent = bl[field];
    if (sent === undefined || String(sent) === String(al[field])) continue;
    out.push({ path: `logisticsPage.${String(field)}`, sent, stored: al[field], reason });
  }
  out.push(...noticeChanges(before.legalPage?.notices, after.legalPage?.notices));
  (after.legalPage?.certificates ?? []).forEach((c, i) => {
    const sent = before.legalPage?.certificates?.find(
      (b) => b.certificateName === c.certificateName,
    )?.certificateValue;
    if (sent === undefined || same(sent, c.certificateValue)) return;
    out.push({
      path: `legalPage.certificates.${i}.certificateValue`,
      sent,
      stored: c.certificateValue,
      reason: 'changeChineseReplaced',
    });
  });
  return out;
}
