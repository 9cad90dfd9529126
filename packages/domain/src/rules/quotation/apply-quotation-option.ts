import type { CategorySchema } from '../../entities/category-schema.ts';
import type { Attribute } from '../../entities/common.ts';
import type { QuotationNameValue, QuotationOption } from '../../entities/quotation.ts';
import type { Notice, RegistrationDocument } from '../../entities/registration-document.ts';
import { isEmptyValue } from '../document/is-empty-value.ts';
import { mergeCertificates } from '../document/merge-certificates.ts';
import { coerceToAllowedValue, replaceChineseValue } from '../document/normalize-attribute-value.ts';
import { normalizeBoxDimension } from '../document/normalize-box-dimension.ts';
import { normalizeBoxWeight } from '../document/normalize-box-weight.ts';
import { noticeName } from '../document/normalize-notices.ts';
import { mergeBarcode } from '../document/sanitize-barcode.ts';
import { truncateModelNumber } from '../document/truncate-model-number.ts';

export interface QuotationCommon {
  modelNumber?: string | undefined;
  barcode?: string | null | undefined;
  certificates?: readonly QuotationNameValue[] | undefined;
}

function upsert(list: readonly Attribute[], name: string, value: Attribute['attributeValue']): Attribute[] {
  return list.some((a) => a.attributeName === name)
    ? list.map((a) => (a.attributeName === name ? { ...a, attributeValue: value } : a))
    : [...list, { attributeName: name, attributeValue: value }];
}

/**
 * Q §4 step 6 / Q §5: applies one option's quotation to its registration document — dropdown values
 * outside the allowed list become the first allowed value, Chinese values are replaced (exposed and
 * notices 상세페이지 참조, unexposed null, certificates 해당사항없음), empty unexposed values become null,
 * empty certificate values keep the existing ones, the barcode placeholder is not saved, the model
 * number is cut to 50 and the logistics box and weight are validated.
 */
export function applyQuotationOption(
  doc: RegistrationDocument,
  option: QuotationOption,
  common: QuotationCommon = {},
  schema?: Pick<CategorySchema, 'attributes'>,
): RegistrationDocument {
  const choices = new Map(
    (schema?.attributes ?? []).map((a) => [a.name, a.inputType === 'SELECT' ? a.choices : []]),
  );
  const page = doc.productPage ?? {};
  const usesCommon = !!page.commonAttributes || !page.exposedAttributes;
  let exposed = (usesCommon ? page.commonAttributes?.exposedAttributes : page.exposedAttributes) ?? [];
  let unexposed = page.unexposedAttributes ?? [];
  for (const attribute of option.attributes) {
    const allowed = choices.get(attribute.name) ?? [];
    const coerced = coerceToAllowedValue(attribute.value, allowed) ?? null;
    if (attribute.type === 'exposed') {
      exposed = upsert(exposed, attribute.name, replaceChineseValue('exposed', coerced) ?? null);
    } else {
      const value = replaceChineseValue('unexposed', coerced) ?? null;
      unexposed = upsert(unexposed, attribute.name, isEmptyValue(value) ? null : value);
    }
  }

  let notices: Notice[] = [...(doc.legalPage?.notices ?? [])];
  for (const n of option.notices) {
    const value = String(replaceChineseValue('notice', n.value) ?? '');
    const index = notices.findIndex((x) => noticeName(x) === n.name);
    if (index >= 0) notices = notices.map((x, i) => (i === index ? { ...x, noticeItemValue: value } : x));
    else notices.push({ noticeItemName: n.name, noticeItemValue: value });
  }

  const barcode = mergeBarcode(page.commonAttributes?.productBarcode, common.barcode);
  const commonAttributes = {
    ...page.commonAttributes,
    ...(usesCommon ? { exposedAttributes: exposed } : {}),
  };
  if (barcode === null) delete commonAttributes.productBarcode;
  else commonAttributes.productBarcode = barcode;

  return {
    ...doc,
    productPage: {
      ...page,
      ...(common.modelNumber !== undefined ? { modelNumber: truncateModelNumber(common.modelNumber) } : {}),
      commonAttributes,
      ...(usesCommon ? {} : { exposedAttributes: exposed }),
      unexposedAttributes: unexposed,
    },
    logisticsPage: {
      ...doc.logisticsPage,
      ...(option.logistics?.dimension !== undefined
        ? { skuUnitBoxDimension: normalizeBoxDimension(option.logistics.dimension) }
        : {}),
      ...(option.logistics?.weight !== undefined
        ? { skuUnitBoxWeight: normalizeBoxWeight(option.logistics.weight) }
        : {}),
    },
    legalPage: {
      ...doc.legalPage,
      notices,
      certificates: mergeCertificates(
        doc.legalPage?.certificates,
        (common.certificates ?? []).map((c) => ({ certificateName: c.name, certificateValue: c.value })),
      ),
    },
  };
}
