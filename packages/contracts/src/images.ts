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

/**
 * The spec's image calls (getImageTranslateV2, getImageTranslateBatchQuery, getImageOCR): `요청결과`
 * and the translation service's `result` in its own shapes, which the caller reads field by field.
 */
export const ImageTranslateAnswer = z.looseObject({ 요청결과: z.string(), result: z.unknown() });
export type ImageTranslateAnswer = z.infer<typeof ImageTranslateAnswer>;

/** POST /api/images/cleanup: remove every text line from an uploaded image or an image URL. */
export const CleanupImageRequest = z.object({
  imgUrl: z.string().max(2000).optional(),
  /** `data:image/…;base64,…` or bare base64 (one of the two is required). */
  imageData: z.string().optional(),
});
export type CleanupImageRequest = z.infer<typeof CleanupImageRequest>;

export const CleanupImageResponse = z.object({
  요청결과: z.literal('success'),
  requestId: z.string(),
  url: z.string(),
  originalUrl: z.string(),
  width: z.number(),
  height: z.number(),
  /** Text lines found and removed. */
  lines: z.number(),
});
export type CleanupImageResponse = z.infer<typeof CleanupImageResponse>;
