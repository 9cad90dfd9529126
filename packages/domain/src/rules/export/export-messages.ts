// Messages of the exports and the pre-flight (issue 15): Korean for the seller, English beside it.
// Placeholders look like `{name}`.

export type ExportMessage = { readonly ko: string; readonly en: string };

export const EXPORT_MESSAGES = {
  // ------------------------------------------------------------ representative image
  mainImageMissing: { ko: '대표이미지가 없습니다.', en: 'The representative image is missing.' },
  mainImageUnreadable: {
    ko: '대표이미지를 읽을 수 없습니다: {url}',
    en: 'The representative image cannot be read: {url}',
  },
  mainImageNotSquare: {
    ko: '대표이미지가 정사각형이 아닙니다 ({width}×{height}px).',
    en: 'The representative image is not square ({width}×{height} px).',
  },
  mainImageSize: {
    ko: '대표이미지 크기는 {min}~{max}px이어야 합니다 (현재 {width}×{height}px).',
    en: 'The representative image must be {min}–{max} px (now {width}×{height} px).',
  },
  mainImageBytes: {
    ko: '대표이미지 용량이 {max}를 넘습니다 (현재 {size}).',
    en: 'The representative image is larger than {max} (now {size}).',
  },
  mainImageBackground: {
    ko: '대표이미지 배경이 흰색이 아닙니다 (테두리의 흰색 비율 {percent}%).',
    en: 'The representative image background is not white ({percent}% of the border is white).',
  },
  mainImageText: {
    ko: '대표이미지에 글자가 남아 있습니다: "{text}". 글자가 없는 이미지를 사용해주세요.',
    en: 'Text is left on the representative image: "{text}". Use an image without text.',
  },
  mainImageWatermark: {
    ko: '대표이미지 모서리에 워터마크나 로고로 보이는 것이 있습니다 ({corners}).',
    en: 'A corner of the representative image holds something like a watermark or logo ({corners}).',
  },
  fixSquareMainImage: {
    ko: '흰 배경 정사각형(1000px)으로 맞추기',
    en: 'Fit onto a white 1000 px square',
  },
  // ------------------------------------------------------------ detail images
  detailImageMissing: { ko: '상세이미지가 없습니다.', en: 'There is no detail image.' },
  detailImageCount: {
    ko: '상세이미지는 최대 {max}장입니다 (현재 {count}장).',
    en: 'At most {max} detail images (now {count}).',
  },
  detailImageWidth: {
    ko: '상세이미지 가로는 {min}~{max}px이어야 합니다 ({name}: {width}px).',
    en: 'Detail images must be {min}–{max} px wide ({name}: {width} px).',
  },
  detailImageHeight: {
    ko: '상세이미지 세로는 {max}px 이하여야 합니다 ({name}: {height}px).',
    en: 'Detail images must be at most {max} px high ({name}: {height} px).',
  },
  detailImageBytes: {
    ko: '상세이미지 용량은 {max} 이하여야 합니다 ({name}: {size}).',
    en: 'Detail images must be at most {max} ({name}: {size}).',
  },
  detailImageUnreadable: {
    ko: '상세이미지를 읽을 수 없습니다: {url}',
    en: 'A detail image cannot be read: {url}',
  },
  // ------------------------------------------------------------ words
  bannedWord: {
    ko: '{field}에 금지어 "{word}"가 있습니다.',
    en: 'The {field} contains the banned word "{word}".',
  },
  brandWord: {
    ko: '{field}에 다른 브랜드명 "{word}"가 있습니다.',
    en: 'The {field} contains the brand name "{word}".',
  },
  fixRemoveWord: { ko: '"{word}" 빼기', en: 'Remove "{word}"' },
  // ------------------------------------------------------------ barcodes, duplicates
  duplicateBarcode: {
    ko: '바코드 {barcode}가 다른 옵션({other})과 같습니다.',
    en: 'Barcode {barcode} is the same as another option ({other}).',
  },
  fixRequestBarcode: {
    ko: '쿠팡 바코드 생성 요청으로 바꾸기',
    en: 'Request a Coupang barcode instead',
  },
  alreadyExists: {
    ko: '같은 1688 상품({offerId}), 같은 상품명과 옵션의 상품이 이미 있습니다: {other}',
    en: 'A product with the same 1688 offer ({offerId}), name and options already exists: {other}',
  },
  // ------------------------------------------------------------ prices
  priceMultiple: {
    ko: '{field}는 {unit}원 단위여야 합니다 (현재 {price}원).',
    en: 'The {field} must be a multiple of {unit} won (now {price}).',
  },
  fixRoundPrice: { ko: '{price}원으로 맞추기', en: 'Set to {price} won' },
  priceMissing: { ko: '{field}이(가) 없습니다.', en: 'The {field} is missing.' },
  // ------------------------------------------------------------ notices, certifications, options
  noticeMissing: {
    ko: '필수 상품고시정보가 비어 있습니다 ({category}): {names}',
    en: 'Required notices are empty ({category}): {names}',
  },
  noticeCategoryMissing: {
    ko: '상품고시정보가 없습니다. {categories} 중 하나를 모두 입력해야 합니다.',
    en: 'There are no notices. Fill all items of one of: {categories}.',
  },
  fixFillNotices: { ko: '빈 항목을 "{value}"로 채우기', en: 'Fill the empty items with "{value}"' },
  certificationMissing: {
    ko: '필수 인증정보가 없습니다: {names}',
    en: 'Required certifications are missing: {names}',
  },
  purchaseOptionMissing: {
    ko: '구매옵션(필수 노출속성)이 비어 있습니다: {names}',
    en: 'Purchase options (mandatory exposed attributes) are empty: {names}',
  },
  purchaseGroupNone: {
    ko: '{names} 중 하나를 입력해야 합니다.',
    en: 'Fill one of {names}.',
  },
  purchaseGroupSeveral: {
    ko: '{names} 중 하나만 입력해야 합니다.',
    en: 'Fill only one of {names}.',
  },
  incomplete: {
    ko: '등록 문서가 완성되지 않았습니다 ({percent}%): {first}',
    en: 'The registration document is not complete ({percent}%): {first}',
  },
  incompleteField: {
    ko: '등록 문서가 완성되지 않았습니다 ({percent}%): {problem} 이 항목을 채워주세요.',
    en: 'The registration document is not complete ({percent}%): {problem} Fill in this field.',
  },
  chineseText: {
    ko: '{field}에 중국어가 남아 있습니다: "{text}". 한국어로 고쳐주세요.',
    en: 'Chinese text is left in {field}: "{text}". Write it in Korean.',
  },
  schemaInvalid: {
    ko: '카테고리 스키마에 맞지 않습니다 ({path}): {problem}',
    en: 'Does not match the category schema ({path}): {problem}',
  },
  sizeChartUnconfirmed: {
    ko: '사이즈표를 상품 이미지에서 읽지 못해 카테고리 기본값({sizes})으로 만들었습니다. 실제 치수와 맞는지 확인한 뒤 내보내거나 등록해주세요.',
    en: 'The size chart was not read from the product images: it was made from the category default ({sizes}). Check it against the real measurements before an export or registration.',
  },
  fixConfirmSizeChart: {
    ko: '사이즈표를 확인했습니다',
    en: 'I checked the size chart',
  },
  notRegistered: {
    ko: '카테고리가 정해지지 않은 상품입니다. 먼저 상품 등록에서 카테고리를 선택해주세요.',
    en: 'The product has no category yet. Choose one in product registration first.',
  },
  // ------------------------------------------------------------ Rocket Growth payload
  attributeNotAChoice: {
    ko: '{name}: "{value}"는 허용된 값이 아닙니다 ({allowed}).',
    en: '{name}: "{value}" is not an allowed value ({allowed}).',
  },
  attributeNotANumber: {
    ko: '{name}: "{value}"는 숫자가 아닙니다.',
    en: '{name}: "{value}" is not a number.',
  },
  attributeUnitNotAllowed: {
    ko: '{name}: "{value}"의 단위는 {allowed} 중 하나여야 합니다.',
    en: '{name}: the unit of "{value}" must be one of {allowed}.',
  },
  skuInfoIncomplete: {
    ko: '로켓그로스 물류정보(skuInfo)는 모두 있어야 합니다: {missing}',
    en: 'Rocket Growth logistics (skuInfo) must be complete: {missing}',
  },
  imageNotPublic: {
    ko: '이미지에 공개 URL이 없습니다 ({url}). 쿠팡이 이미지를 가져갈 수 있도록 PUBLIC_URL 또는 S3_PUBLIC_URL을 설정해주세요.',
    en: 'The image has no public URL ({url}). Set PUBLIC_URL or S3_PUBLIC_URL so Coupang can fetch images.',
  },
  originalPriceMultiple: {
    ko: '정상가는 최소 10원 단위로 입력가능합니다 (현재 {price}원).',
    en: 'The original price must be a multiple of 10 won (now {price}).',
  },
  // ------------------------------------------------------------ issue 37: what Coupang's create checks
  salePriceMultiple: {
    ko: '판매가는 최소 10원 단위로 입력가능합니다 (현재 {price}원).',
    en: 'The sale price must be a multiple of 10 won (now {price}).',
  },
  sellerFieldMissing: {
    ko: '쿠팡 판매자 정보의 {field}이(가) 비어 있습니다. 설정 > 내보내기 설정에서 쿠팡 계정에서 불러온 값을 선택해주세요.',
    en: 'The Coupang seller detail "{field}" is empty. Choose it in Settings > Export settings from the values fetched from your Coupang account.',
  },
  sellerCodeUnknown: {
    ko: '{field} "{code}"는 이 쿠팡 계정에 없습니다. 내보내기 설정에서 목록을 다시 불러와 선택해주세요.',
    en: '{field} "{code}" does not exist in this Coupang account. Fetch the list again in export settings and choose one.',
  },
  returnFeeMissing: {
    ko: '무료배송 상품은 초도반품배송비와 반품배송비를 모두 0원보다 크게 입력해야 합니다 (내보내기 설정).',
    en: 'Free-shipping products need both the initial return fee and the return fee above 0 won (export settings).',
  },
  returnFeeRange: {
    ko: '반품배송비({returnCharge}원)는 초도반품배송비({initial}원)의 100~150%여야 합니다.',
    en: 'The return fee ({returnCharge} won) must be 100–150 % of the initial return fee ({initial} won).',
  },
  notRocketGrowthCategory: {
    ko: '로켓그로스로 등록할 수 없는 카테고리입니다 ({code}). 로켓그로스 카테고리를 선택하거나 판매 채널을 판매자배송으로 바꿔주세요.',
    en: 'This category cannot be registered for Rocket Growth ({code}). Choose a Rocket Growth category or switch the channel to marketplace.',
  },
  rocketGrowthCategoriesUnknown: {
    ko: '로켓그로스 카테고리 목록을 아직 쿠팡에서 불러오지 않아 이 카테고리({code})를 확인하지 못했습니다.',
    en: 'The Rocket Growth category list has not been fetched from Coupang yet, so this category ({code}) was not checked.',
  },
  nameTooLong: {
    ko: '{field}은(는) {max}자 이하여야 합니다 (현재 {length}자).',
    en: '{field} must be at most {max} characters (now {length}).',
  },
  imageUrlTooLong: {
    ko: '이미지 주소는 {max}자 이하여야 합니다 ({length}자): {url}',
    en: 'Image addresses must be at most {max} characters ({length}): {url}',
  },
  imagePort: {
    ko: '쿠팡은 80/443 포트의 이미지만 가져갑니다: {url}',
    en: 'Coupang fetches images only on ports 80/443: {url}',
  },
  additionalImageCount: {
    ko: '추가이미지(DETAIL)는 최대 {max}장입니다 (현재 {count}장).',
    en: 'At most {max} additional (DETAIL) images (now {count}).',
  },
  attributeMandatoryMissing: {
    ko: '카테고리의 필수 속성이 존재하지 않습니다: {names}',
    en: 'Mandatory attributes of the category are missing: {names}',
  },
  attributeMandatoryInvalid: {
    ko: '필수 속성 {name}의 값 "{value}"를 쿠팡이 받지 않습니다 ({allowed}).',
    en: 'Coupang does not take "{value}" for the mandatory attribute {name} ({allowed}).',
  },
  certificationTypeUnknown: {
    ko: '이 카테고리의 인증정보 타입에 "{name}"이(가) 없습니다. 카테고리가 허용하는 인증: {allowed}',
    en: 'The category does not list the certification "{name}". Allowed: {allowed}',
  },
  certificationNotRequiredRefused: {
    ko: '이 카테고리는 "인증대상아님(NOT_REQUIRED)"을 허용하지 않습니다. 인증정보를 입력해주세요: {allowed}',
    en: 'This category does not allow NOT_REQUIRED. Enter a certification: {allowed}',
  },
  requiredDocumentMissing: {
    ko: '필수 구비서류 "{name}"이(가) 올라와 있지 않습니다. 상품 페이지의 쿠팡 등록 > 구비서류에서 올려주세요.',
    en: 'The mandatory document "{name}" has not been uploaded. Upload it on the product page (Coupang registration > documents).',
  },
  // ------------------------------------------------------------ sheet import
  sheetUnreadable: {
    ko: '엑셀 파일을 읽을 수 없습니다. 내보낸 시트(.xlsx)를 그대로 올려주세요.',
    en: 'The Excel file cannot be read. Upload the exported sheet (.xlsx).',
  },
  sheetNoHeader: {
    ko: '시트에 내보낸 열 이름(상품ID, 옵션번호)이 없습니다.',
    en: 'The sheet lacks the exported column names (상품ID, 옵션번호).',
  },
  sheetUnknownRow: {
    ko: '{row}행: 이 회사의 상품/옵션이 아닙니다.',
    en: 'Row {row}: not a product or option of this company.',
  },
  sheetInvalidValue: {
    ko: '{row}행 {column}: {reason}',
    en: 'Row {row} {column}: {reason}',
  },
  valueNotInteger: { ko: '0보다 큰 정수여야 합니다.', en: 'Must be a whole number above 0.' },
  valueBoxDimension: {
    ko: '가로*세로*높이(mm) 형식, 각 변 10mm 이상이어야 합니다.',
    en: 'Must be length*width*height in mm, each side at least 10 mm.',
  },
  valueBoxWeight: { ko: '숫자(g)만 입력할 수 있습니다.', en: 'Digits only (grams).' },
  valueChinese: { ko: '중국어 문자는 쓸 수 없습니다.', en: 'Chinese characters are not allowed.' },
  valueEmpty: { ko: '비워둘 수 없습니다.', en: 'Must not be empty.' },
  valueUnknownAttribute: {
    ko: '이 카테고리에 없는 속성입니다: {name}',
    en: 'The category has no attribute {name}.',
  },
  valueTooLong: { ko: '{max}자 이하여야 합니다.', en: 'At most {max} characters.' },
  valueIsDate: {
    ko: '날짜({date})가 아니라 숫자를 입력해주세요. 칸의 서식을 "일반"이나 "텍스트"로 바꿔주세요.',
    en: 'Enter a number, not a date ({date}). Set the cell format to General or Text.',
  },
  valueChangedSinceExport: {
    ko: '내보낸 뒤에 앱에서 바뀐 값입니다: {product} / 옵션 {option} / {column} (지금 값: "{now}"). 시트를 다시 내보낸 뒤 고쳐주세요.',
    en: 'Changed in the app after the export: {product} / option {option} / {column} (now "{now}"). Export the sheet again and edit that one.',
  },
  sheetNoVersion: {
    ko: '이 시트에는 내보낸 시점의 정보(숨은 열 "내보낸 버전", "내보낸 값")가 없어 앱에서 바뀐 값을 되돌릴 수 있습니다. 시트를 다시 내보낸 뒤 고쳐서 올려주세요.',
    en: 'This sheet lacks what was exported (the hidden columns 내보낸 버전 and 내보낸 값), so it could undo later changes. Export the sheet again, edit it and upload it.',
  },
  sheetRowNoVersion: {
    ko: '{row}행: 내보낸 시점의 정보(숨은 열)가 비어 있거나 바뀌었습니다. 내보낸 행을 그대로 고쳐주세요.',
    en: 'Row {row}: the hidden export columns are empty or altered. Edit the exported rows as they are.',
  },
  sheetDuplicateRow: {
    ko: '{row}행: {first}행과 같은 옵션입니다. 한 옵션은 한 행에서만 고쳐주세요.',
    en: 'Row {row}: the same option as row {first}. Edit each option in one row only.',
  },
  sheetNothingSaved: {
    ko: '시트에 저장할 수 없는 칸이 {count}개 있어 아무것도 저장하지 않았습니다. 거절된 칸을 고친 뒤 다시 올려주세요.',
    en: '{count} cells of the sheet cannot be saved, so nothing was saved. Fix the refused cells and upload again.',
  },
  sheetChangedSinceExport: {
    ko: '내보낸 뒤에 앱에서 바뀐 값을 시트가 덮어쓰려 해서 아무것도 저장하지 않았습니다 ({count}칸). 시트를 다시 내보낸 뒤 고쳐주세요.',
    en: 'The sheet would overwrite {count} values changed in the app since the export, so nothing was saved. Export the sheet again and edit that one.',
  },
  sheetDocumentTooLarge: {
    ko: '{product}: 시트의 값을 넣으면 상품 문서가 너무 커져 아무것도 저장하지 않았습니다. 긴 값을 줄여주세요.',
    en: '{product}: the sheet values would make the product document too large, so nothing was saved. Shorten the long values.',
  },
} as const satisfies Record<string, ExportMessage>;

export type ExportMessageKey = keyof typeof EXPORT_MESSAGES;

/** The message with its placeholders filled, in both languages. */
export function exportMessage(
  key: ExportMessageKey,
  params: Readonly<Record<string, string | number>> = {},
): ExportMessage {
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
  const m = EXPORT_MESSAGES[key];
  return { ko: fill(m.ko), en: fill(m.en) };
}
