import { z } from 'zod';

// POST /api/rocket-registration/upload-image (W §7, §5 Images).

export const UPLOAD_TYPES = ['main', 'koreanLabel', 'detail', 'sizeChart'] as const;

export const UploadImageRequest = z.object({
  /** `data:image/png;base64,…` (a bare base64 string is accepted too). Up to ~20 MB. */
  imageData: z.string(),
  filename: z.string().max(200).default('image'),
  type: z.enum(UPLOAD_TYPES),
  /** Ignored: the signed-in user's company is used. */
  companyId: z.string().optional(),
  /** Optional: the product this image belongs to (kept in the file's folder name). */
  productId: z.string().optional(),
});
export type UploadImageRequest = z.input<typeof UploadImageRequest>;
/**
 * The body as the route checks it: without `imageData` it answers the spec's own message (400
 * `image_data_missing`), not the schema's.
 */
export const UploadImageBody = UploadImageRequest.extend({
  imageData: UploadImageRequest.shape.imageData.optional(),
});
export type UploadImageBody = z.input<typeof UploadImageBody>;

export const UploadImageResponse = z.object({
  요청결과: z.literal('success'),
  imageUrl: z.string(),
  message: z.string(),
  /** Stored file name: supplier-code prefix + extension rule (W §5 Images). */
  filename: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  filesize: z.number().int(),
  /** true when the image was fitted onto the 800×800 white canvas (side < 400 or > 8000 px). */
  fitted: z.boolean(),
});
export type UploadImageResponse = z.infer<typeof UploadImageResponse>;
