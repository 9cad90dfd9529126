// Every user-facing message of the spec (W = workflow-and-shell-spec.md, Q = quotation-spec.md).
// Korean texts the spec quotes in Korean are verbatim; for messages the spec quotes in English the
// `en` text is the spec's words and `ko` a natural Korean sentence. Placeholders look like `{name}`.

export interface CatalogueMessage {
  readonly ko: string;
  readonly en: string;
}

export const MESSAGES = {
  // ---------------------------------------------------------------- generic (W §5, §8)
  invalidData: { ko: '잘못된 데이터입니다.', en: 'Invalid data' },
  invalidProductInformation: { ko: '상품 정보가 올바르지 않습니다.', en: 'Invalid product information' },
  invalidProduct: { ko: '유효하지 않은 상품 정보입니다', en: 'Invalid product information' },
  featureDataMissing: {
    ko: '올바른 정보가 없습니다. registrationId와 기능 데이터를 확인해주세요.',
    en: 'Correct information is missing (registrationId and feature data are required)',
  },
  partialUpdateInvalid: {
    ko: '상품 ID와 변경할 항목이 하나 이상 필요합니다.',
    en: 'A product id and at least one field are required',
  },
  noProductOrOptions: { ko: '처리할 상품 또는 옵션이 없습니다.', en: 'No product or options to process' },
  noOptionsToProcessKo: { ko: '처리할 옵션이 없습니다', en: 'No options to process' },
  noProductsSelected: { ko: '처리할 상품이 선택되지 않았습니다', en: 'No products selected' },
  geminiKeyMissing: {
    ko: 'Gemini API Key가 설정되지 않았습니다. 설정에서 키를 저장해주세요.',
    en: 'Gemini API Key is not set. Save a key in the settings.',
  },
  imageUrlMissing: { ko: '이미지 URL이 없습니다', en: 'Image URL is missing' },
  imageDataMissing: { ko: '이미지 데이터가 없습니다.', en: 'Image data is missing' },
  uploadError: { ko: '업로드 중 오류가 발생했습니다', en: 'An error occurred during upload' },
  invalidImageGroup: {
    ko: '다시 번역할 이미지 그룹이 올바르지 않습니다.',
    en: 'The image group to retranslate is invalid or has no original or current URL',
  },
  noImagesToProcess: { ko: '처리할 이미지가 없습니다', en: 'No images to process' },
  unknownTaskType: { ko: '알 수 없는 작업 유형', en: 'Unknown task type' },
  offerIdNotFound: { ko: '상품 ID를 추출할 수 없습니다', en: 'Cannot extract the product id' },

  // ---------------------------------------------------------------- timeouts and extension (W §8)
  keywordCollectionTimeout: { ko: '키워드 수집 시간 초과', en: 'Keyword collection timed out' },
  requestTimeout: { ko: '요청 시간 초과 ({ms}ms)', en: 'Request timed out ({ms} ms)' },
  extensionRequestFailed: { ko: '확장 프로그램 요청 실패', en: 'Extension request failed' },
  stuckRequestTimeout: {
    ko: '응답이 없는 요청을 시간 초과로 처리했습니다.',
    en: 'A stuck request was marked as timed out',
  },
  stuckRequestsAnnounced: {
    ko: 'AI 요청 {count}건이 5분 동안 응답이 없어 시간 초과로 처리했습니다. 해당 작업은 오류로 끝나거나 다시 시도됩니다. 계속되면 AI 설정(키, 모델)을 확인해주세요.',
    en: '{count} AI request(s) had no answer for 5 minutes and were marked as timed out. Their tasks end in error or are retried. If it keeps happening, check the AI settings (key, model).',
  },

  // ---------------------------------------------------------------- save failures (W §8)
  partialUpdateFailed: { ko: '상품 정보 부분 업데이트 실패', en: 'Partial product update failed' },
  detailImageStructureUpdateFailed: {
    ko: '상세 이미지 구조 업데이트 실패',
    en: 'Detail image structure update failed',
  },
  productFetchFailed: { ko: '상품 정보를 가져올 수 없습니다', en: 'Cannot fetch the product' },
  productUpdateFailed: { ko: '상품 업데이트 실패', en: 'Product update failed' },
  productSaveFailed: { ko: '상품 정보 저장 실패', en: 'Saving the product failed' },
  productDeleteFailed: { ko: '상품 삭제 실패', en: 'Deleting the product failed' },
  settingsSaveFailed: { ko: '설정 저장 실패', en: 'Saving the settings failed' },
  productInformationUpdateFailed: {
    ko: '상품 정보 업데이트에 실패했습니다.',
    en: 'product information update failed',
  },
  quotationResultUnexpected: {
    ko: '견적 처리 결과가 예상과 다릅니다.',
    en: 'quotation result unexpected',
  },

  // ---------------------------------------------------------------- image (W §8)
  imageTranslateFailed: { ko: '이미지 번역 실패', en: 'Image translation failed' },
  imageTranslateApiFailed: { ko: '이미지 번역 API 응답 실패', en: 'Image translation API answer failed' },
  ocrDataInvalid: {
    ko: 'OCR 데이터 조회 결과가 없거나 유효하지 않습니다',
    en: 'OCR data lookup returned nothing or invalid data',
  },
  ocrImageFailed: { ko: 'OCR 이미지 생성 실패', en: 'OCR image generation failed' },
  batchQueryFailed: { ko: '배치 쿼리 실패', en: 'Batch query failed' },
  downloadFailed: { ko: '이미지 다운로드 실패 (상태 {status})', en: 'Download failed with status {status}' },
  mergeTranslateFailed: { ko: '이미지 병합 번역 실패', en: 'Merge-translate failed' },
  canvasUnavailable: { ko: '캔버스를 사용할 수 없습니다.', en: 'Canvas context unavailable' },
  imageLoadFailed: { ko: '이미지를 불러오지 못했습니다.', en: 'Image load failed' },
  imageLoadTimeout: { ko: '이미지 로드 시간 초과 (15초)', en: 'Image load timed out after 15 s' },
  storageUploadFailed: { ko: '저장소 업로드 실패', en: 'S3 upload failed' },

  // ---------------------------------------------------------------- SEO (W §5, §8)
  seoProductNameRequired: { ko: '상품명은 필수입니다.', en: 'Product name is mandatory' },
  seoDataInvalid: { ko: 'SEO 데이터 형식이 올바르지 않습니다.', en: 'SEO data format is invalid' },
  seoNoJson: { ko: 'SEO 데이터에서 JSON을 찾을 수 없습니다.', en: 'No JSON found in SEO data' },
  unexpectedResponseFormat: { ko: '예상하지 못한 응답 형식입니다.', en: 'unexpected response format' },
  seoGenerationFailed: { ko: 'SEO 데이터 생성에 실패했습니다.', en: 'SEO data generation failed' },

  // ---------------------------------------------------------------- completeness (W §5)
  productNameRequired: { ko: '상품명이 필수입니다.', en: 'Product name is required' },
  brandRequired: { ko: '브랜드가 필수입니다.', en: 'Brand is required' },
  purchasePriceRequired: { ko: '공급가가 필수입니다.', en: 'Purchase price is required' },
  mainImageRequired: { ko: '대표이미지가 필수입니다.', en: 'Main image is required' },
  detailImageRequired: { ko: '상세이미지가 필수입니다.', en: 'Detail image is required' },
  altTextRequired: { ko: '대체텍스트가 필수입니다.', en: 'Alt text is required' },
  searchTagsRequired: { ko: '검색태그가 필수입니다.', en: 'Search tags are required' },
  exposedAttributeRequired: { ko: '노출속성이 최소 1개 필요합니다.', en: 'At least one exposed attribute' },
  mandatoryExposedMissing: {
    ko: '필수 노출속성이 누락되었습니다: {names}',
    en: 'Mandatory exposed attributes missing: {names}',
  },
  mandatoryUnexposedMissing: {
    ko: '필수 비노출속성이 누락되었습니다: {names}',
    en: 'Mandatory unexposed attributes missing: {names}',
  },
  schemaFieldRequired: { ko: '{title}이(가) 필수입니다.', en: '{title} is required' },
  integerRequired: { ko: '{title}은(는) 정수여야 합니다.', en: '{title} must be an integer' },
  chineseCharacters: {
    ko: '중국어/일본어 문자가 포함되어 있습니다: {fields}',
    en: 'Chinese characters found in: {fields}',
  },

  // ---------------------------------------------------------------- schema checks (Q §5)
  optionMissingRequiredAttributes: {
    ko: '옵션 {n}에 필수 속성이 누락되었습니다: {names}',
    en: 'option {n} missing required attributes: {names}',
  },
  attributeOrderError: { ko: '속성 순서 오류: {section}', en: 'order error: {section}' },
  attributeChineseCharacters: {
    ko: '옵션 {n}의 {name}에 중국어 문자가 있습니다.',
    en: 'option {n}: Chinese characters in {name}',
  },
  additionalDifferentiatorInvalid: {
    ko: '추가 구분 속성은 2~6자의 한글이어야 합니다.',
    en: 'An additional differentiator must be 2 to 6 Korean characters',
  },
  documentTooLarge: {
    ko: '등록 문서가 5MB를 넘습니다 ({size}).',
    en: 'The registration document is larger than 5 MB ({size})',
  },

  // ---------------------------------------------------------------- quotation (Q §1, §8)
  quotationGenerating: { ko: '등록 정보 생성 중...', en: 'generating registration details...' },
  quotationGenerated: {
    ko: '등록 정보 생성 완료 (총 {total}개, 성공: {success}, 실패: {failure})',
    en: 'registration details generated (total {total}, success: {success}, failure: {failure})',
  },
  quotationProductIdMissing: { ko: '상품 정보가 올바르지 않습니다.', en: 'invalid product information' },
  registrationInfoMissing: {
    ko: '상품에 등록 정보(rocketRegInfo)가 없습니다.',
    en: 'product has no registration info (rocketRegInfo)',
  },
  noOptionsToProcess: { ko: '처리할 옵션이 없습니다', en: 'no options to process' },
  coupangDocMissing: {
    ko: '등록 문서(coupangDoc)가 없습니다. 먼저 등록 화면에서 상품을 추가해주세요.',
    en: 'coupangDoc is missing, add the product in the registration screen first',
  },
  jsonDocumentEntryMissing: {
    ko: '옵션 인덱스 {index}에 해당하는 문서가 없습니다.',
    en: 'no jsonDocument entry for option index {index}',
  },
  schemaAnalysisFailed: { ko: '스키마 분석에 실패했습니다.', en: 'schema analysis failed' },
  schemaAnalysisEmpty: { ko: '스키마 분석 결과가 비어 있습니다.', en: 'empty' },
  splitProductCreateFailed: {
    ko: '새 상품 생성 실패: 서버 응답이 올바르지 않습니다.',
    en: 'new product creation failed: server response invalid',
  },
  splitOriginalUpdateFailed: {
    ko: '원본 상품 업데이트에 실패했습니다.',
    en: 'original product update failed',
  },
  splitNotNeeded: { ko: '분할할 필요가 없습니다.', en: 'no need to split' },
  noAdditionalAttributes: {
    ko: '추가 구분 속성을 찾지 못했습니다.',
    en: 'no additional attributes detected',
  },
  aiResponseMissing: { ko: 'AI 응답이 없습니다.', en: 'AI response missing' },
  aiResponseParseFailed: { ko: '응답 파싱에 실패했습니다.', en: 'response parsing failed' },
  retryNotPossible: { ko: '재시도할 수 없습니다.', en: 'retry not possible' },
  noOptionsToReprocess: { ko: '다시 처리할 옵션이 없습니다.', en: 'no options to reprocess' },
  quotationProcessingError: {
    ko: '등록 정보 처리 중 오류가 발생했습니다.',
    en: 'an error occurred while processing registration details',
  },
  optionsHadErrors: { ko: '{n}개 옵션에서 오류가 발생했습니다.', en: '{n} options had errors' },
  unknownError: { ko: '알 수 없는 오류', en: 'unknown error' },
  splitCompleted: {
    ko: '상품이 {total}개로 분할되었습니다.',
    en: 'The product was split into {total} products',
  },

  batchAnswerCountMismatch: {
    ko: '응답의 옵션 수가 요청과 다릅니다 (요청 {expected}개, 응답 {got}개).',
    en: 'The answer has {got} options for {expected} asked',
  },
  batchAnswerOptionUnknown: {
    ko: '응답에 요청하지 않았거나 중복된 옵션 번호가 있습니다: {optionNumber}',
    en: 'The answer names an option not asked or twice: {optionNumber}',
  },
  batchAnswerOptionMissing: {
    ko: '응답에 옵션 {optionNumber}이(가) 없습니다.',
    en: 'The answer lacks option {optionNumber}',
  },
  splitProductsCreated: {
    ko: '상품이 {total}개로 분할되었습니다: {names}',
    en: 'The product was split into {total} products: {names}',
  },
  quotationFallback: {
    ko: '스키마 분석 실패로 옵션별로 처리했습니다.',
    en: 'Schema analysis failed: processed option by option',
  },
  translationSkippedNoKey: {
    ko: 'AI 키가 없어 속성 번역을 건너뛰고 원문을 사용했습니다.',
    en: 'No AI key: attribute translation skipped, the original text is used',
  },

  // ---------------------------------------------------------------- document rules on save (W §5, Q §5)
  changeChineseReplaced: {
    ko: '중국어 문자가 있어 바뀌었습니다.',
    en: 'Changed because it contained Chinese characters',
  },
  changeValueNotAllowed: {
    ko: '선택 목록에 없거나 빈 값이라 바뀌었습니다.',
    en: 'Changed because the value is empty or not one of the choices',
  },
  changeNoticeFromSettings: {
    ko: '고시정보는 설정(기본 설정)의 값으로 채워집니다.',
    en: 'This notice is filled from the default settings',
  },
  changeNoticeDuplicates: {
    ko: '같은 이름의 고시정보는 하나만 저장됩니다.',
    en: 'Notices with the same name are stored once',
  },
  changeModelNumberCut: {
    ko: '모델번호는 50자까지 저장됩니다.',
    en: 'Model numbers are cut to 50 characters',
  },
  changeSearchTagsCut: {
    ko: '검색태그는 중복·중국어를 빼고 150자까지 저장됩니다.',
    en: 'Search tags are stored without duplicates or Chinese, up to 150 characters',
  },
  changeBarcodePlaceholder: {
    ko: '바코드 자리표시 문구는 저장되지 않습니다.',
    en: 'The barcode placeholder is not saved',
  },
  changeBoxDimensionReset: {
    ko: '박스 크기는 각 변 10mm 이상, 부피 1000mm³ 이상이어야 해서 기본값으로 바뀌었습니다.',
    en: 'Box sides must be at least 10 mm and the volume 1000 mm³: reset to the default',
  },
  changeBoxWeightReset: {
    ko: '박스 무게가 올바르지 않아 기본값(1000g)으로 바뀌었습니다.',
    en: 'The box weight was invalid: reset to 1000 g',
  },
  changeTotalSkusDefault: {
    ko: '박스당 SKU 수는 1 이상의 정수여야 해서 기본값(24)으로 바뀌었습니다.',
    en: 'SKUs per box must be a positive integer: set to the default, 24',
  },
  changeFashionSeason: { ko: '패션 시즌은 항상 사계절입니다.', en: 'The fashion season is always 사계절' },

  // ---------------------------------------------------------------- login and HTTP helper (W §4, §8)
  loginSuccess: { ko: 'Login success', en: 'Login success' },
  requestCancelled: { ko: '요청이 취소되었습니다.', en: 'The request was cancelled' },
  authRequired: { ko: '인증이 필요합니다.', en: 'Authentication required' },
  serverError: {
    ko: '서버 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
    en: 'A server error occurred. Please try again shortly.',
  },
  requestFailed: {
    ko: '요청 처리 중 오류가 발생했습니다.',
    en: 'An error occurred while processing the request',
  },
  noServerConnection: {
    ko: '서버에 연결할 수 없습니다. 네트워크 연결을 확인해주세요.',
    en: 'Cannot reach the server. Check the network connection.',
  },
  unknownErrorOccurred: { ko: '알 수 없는 오류가 발생했습니다.', en: 'An unknown error occurred.' },
  errorToastTitle: { ko: '오류', en: 'Error' },
} as const satisfies Record<string, CatalogueMessage>;

export type MessageKey = keyof typeof MESSAGES;
export type Locale = 'ko' | 'en';

/** Fills `{name}` placeholders of a catalogue message. Unknown placeholders stay as they are. */
export function formatMessage(
  key: MessageKey,
  params: Readonly<Record<string, string | number>> = {},
  locale: Locale = 'ko',
): string {
  return MESSAGES[key][locale].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
