import { z } from 'zod';

// The seller's image actions on a product (product page image tabs, AI 상세페이지) and the text
// clean-up tool (이미지 글자 지우기).

export const IMAGE_GROUPS = ['main', 'additional', 'detail'] as const;
export const ImageGroup = z.enum(IMAGE_GROUPS);
export type ImageGroup = z.infer<typeof ImageGroup>;

const Point = z.tuple([z.number(), z.number()]);
/** [x0, y0, x1, y1] in the image's own pixels. */
export const ImageRect = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type ImageRect = z.infer<typeof ImageRect>;

export const EditedTextItem = z.looseObject({
  source: z.string().max(500),
  target: z.string().max(500),
  bounding_box: z.tuple([Point, Point, Point, Point]),
  font_size: z.union([z.number(), z.string()]).optional(),
  align: z.enum(['left', 'center', 'right']).optional(),
  line_count: z.number().int().min(1).max(20).optional(),
});
export type EditedTextItem = z.infer<typeof EditedTextItem>;

/** POST /api/product-images/:productId/edit-text: regenerate one image from edited Korean lines. */
export const EditImageTextRequest = z.object({
  group: ImageGroup,
  index: z.number().int().min(0).max(5000),
  items: z.array(EditedTextItem).min(1).max(500),
});
export type EditImageTextRequest = z.infer<typeof EditImageTextRequest>;

/** POST /api/product-images/:productId/retranslate: one image (index) or the whole group. */
export const RetranslateImagesRequest = z.object({
  group: ImageGroup,
  index: z.number().int().min(0).max(5000).optional(),
});
export type RetranslateImagesRequest = z.infer<typeof RetranslateImagesRequest>;

/** POST /api/product-images/:productId/protect: regions never removed (text on the product, logos). */
export const ProtectRegionsRequest = z.object({
  group: ImageGroup,
  index: z.number().int().min(0).max(5000),
  regions: z.array(ImageRect).max(50),
});
export type ProtectRegionsRequest = z.infer<typeof ProtectRegionsRequest>;

/** POST /api/product-images/:productId/detail-page: the page in this order (indexes into detailImages). */
export const ArrangeDetailPageRequest = z.object({
  order: z.array(z.number().int().min(0).max(5000)).max(200),
});
export type ArrangeDetailPageRequest = z.infer<typeof ArrangeDetailPageRequest>;

export const ImageActionResponse = z.object({
  요청결과: z.literal('success'),
  message: z.string(),
  url: z.string().optional(),
});
export type ImageActionResponse = z.infer<typeof ImageActionResponse>;

/** The route's params of every image action on one product. */
export const ProductImageParams = z.object({ productId: z.string().max(64) });
export type ProductImageParams = z.infer<typeof ProductImageParams>;

/**
 * The spec's image calls (getImageTranslateV2, getImageTranslateBatchQuery, getImageOCR): `요청결과`
 * and the translation service's `result` in its own shapes, which the caller reads field by field.
 */
export const ImageTranslateAnswer = z.looseObject({ 요청결과: z.string(), result: z.unknown() });
export type ImageTranslateAnswer = z.infer<typeof ImageTranslateAnswer>;

/** One image to translate (W §7 getImageTranslate): a missing or blank `imgUrl` answers 400. */
export const ImageTranslateRef = z.object({
  imgUrl: z.string().optional(),
  sourceLanguage: z.string().optional(),
  targetLanguage: z.string().optional(),
});
/** POST /api/aiPage/getImageTranslate and getImageTranslateV2: one image or up to 20. */
export const ImageTranslateRequest = z.union([z.array(ImageTranslateRef).max(20), ImageTranslateRef]);
export type ImageTranslateRequest = z.infer<typeof ImageTranslateRequest>;

/** The answer of getImageTranslate(V2): per image, its request id and URLs (W §7). */
export const ImageTranslateResponse = z.object({
  요청결과: z.literal('성공'),
  result: z.array(
    z.object({
      RequestId: z.string(),
      Data: z.object({
        Url: z.string(),
        SslUrl: z.string(),
        RmUrl: z.string(),
        SslRmUrl: z.string(),
        TranslateUrl: z.string(),
        SslTranslateUrl: z.string(),
        OriginUrl: z.string(),
      }),
    }),
  ),
});
export type ImageTranslateResponse = z.infer<typeof ImageTranslateResponse>;

/** POST /api/aiPage/getImageTranslateBatchQuery: request ids, as a list or `{ requestIds }`. */
export const ImageBatchQueryRequest = z.union([
  z.array(z.string()).max(200),
  z.object({ requestIds: z.array(z.string()).max(200) }),
]);
export type ImageBatchQueryRequest = z.infer<typeof ImageBatchQueryRequest>;

/** The answer of getImageTranslateBatchQuery: per request id, its OCR items (`Orc`) and URLs. */
export const ImageBatchQueryResponse = z.object({
  요청결과: z.literal('성공'),
  result: z.object({
    Data: z.object({
      Content: z.record(
        z.string(),
        z.object({
          Orc: z.array(z.looseObject({})),
          Url: z.string().nullable(),
          RmUrl: z.string().nullable(),
          OriginUrl: z.string().nullable(),
          SourceLanguage: z.string(),
          Width: z.number().nullable(),
          Height: z.number().nullable(),
        }),
      ),
    }),
  }),
});
export type ImageBatchQueryResponse = z.infer<typeof ImageBatchQueryResponse>;

/** One edited OCR line sent to getImageOCR (W §7). */
export const OcrInputItem = z.looseObject({
  source: z.string(),
  target: z.string().default(''),
  font_size: z.union([z.number(), z.string()]).optional(),
  bounding_box: z.array(Point).length(4),
  align: z.enum(['left', 'center', 'right']).optional(),
  line_count: z.number().int().min(1).max(20).optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
});
export type OcrInputItem = z.infer<typeof OcrInputItem>;

/** POST /api/aiPage/getImageOCR: `ocrData` as items or as their JSON text (checked by the server: 400). */
export const ImageOcrRequest = z.object({
  preRequestId: z.string().optional(),
  url: z.string().optional(),
  rmUrl: z.string().optional(),
  ocrData: z.union([z.array(OcrInputItem).max(500), z.string().max(1_000_000)]),
});
export type ImageOcrRequest = z.infer<typeof ImageOcrRequest>;

/** The answer of getImageOCR: the new image's request id and URL. */
export const ImageOcrResponse = z.object({
  요청결과: z.literal('성공'),
  result: z.object({ RequestId: z.string(), Data: z.object({ Url: z.string(), SslUrl: z.string() }) }),
});
export type ImageOcrResponse = z.infer<typeof ImageOcrResponse>;

/** POST /api/images/cleanup: remove every text line from an uploaded image or an image URL. */
export const CleanupImageRequest = z.object({
  imgUrl: z.string().max(2000).optional(),
  /** `data:image/…;base64,…` or bare base64 (one of the two is required). */
  imageData: z.string().optional(),
});
export type CleanupImageRequest = z.infer<typeof CleanupImageRequest>;

export const CleanupImageResponse = z.object({
  요청결과: z.literal('success'),
  message: z.string(),
  requestId: z.string(),
  url: z.string(),
  originalUrl: z.string(),
  width: z.number(),
  height: z.number(),
  /** Text lines found and removed. */
  lines: z.number(),
});
export type CleanupImageResponse = z.infer<typeof CleanupImageResponse>;
