import { z } from 'zod';
import { DateLike, ProcessType } from './common.ts';

// Processed image record (W §3).

export const ImageDimensions = z.looseObject({ width: z.number(), height: z.number() });
export type ImageDimensions = z.infer<typeof ImageDimensions>;

export const ProcessedImage = z.looseObject({
  index: z.number().int().optional(),
  url: z.string().optional(),
  originalUrl: z.string().optional(),
  originalUrls: z.array(z.string()).optional(),
  name: z.string().optional(),
  requestId: z.string().nullish(),
  processType: ProcessType.optional(),
  isBase64: z.boolean().optional(),
  isTranslated: z.boolean().optional(),
  translationData: z.unknown().optional(),
  ocrInfo: z.unknown().optional(),
  groupSize: z.number().int().optional(),
  lastEdited: DateLike.optional(),
  sourceLanguage: z.string().optional(),
  targetLanguage: z.string().optional(),
  textAreas: z.array(z.unknown()).optional(),
  dimensions: ImageDimensions.optional(),
  filesize: z.union([z.number(), z.string()]).optional(),
  uploadError: z.string().optional(),
});
export type ProcessedImage = z.infer<typeof ProcessedImage>;

/** Main image status object of an option (W §3 Option). */
export const MainImageStatus = z.looseObject({
  status: z.string(),
  image: z.string().optional(),
  processedImage: z.string().optional(),
  dimensions: ImageDimensions.optional(),
  filesize: z.union([z.number(), z.string()]).optional(),
  textRemoved: z.boolean().optional(),
  requestId: z.string().nullish(),
});
export type MainImageStatus = z.infer<typeof MainImageStatus>;

export const DetailImageStatusObj = z.looseObject({
  status: z.string(),
  images: z.array(ProcessedImage).default([]),
});
export type DetailImageStatusObj = z.infer<typeof DetailImageStatusObj>;
