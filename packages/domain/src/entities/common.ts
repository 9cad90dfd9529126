import { z } from 'zod';
import { PROCESS_TYPES, TASK_STATUSES, UPLOAD_IMAGE_TYPES } from '../constants.ts';
import { TASK_ORDER } from '../tasks/task-registry.ts';

// Shared pieces of the entities. Objects are loose: unknown stored fields are kept.

export const TaskStatus = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof TaskStatus>;

export const TaskName = z.enum(TASK_ORDER);
export type TaskName = z.infer<typeof TaskName>;

export const ProcessType = z.enum(PROCESS_TYPES);
export type ProcessType = z.infer<typeof ProcessType>;

export const UploadImageType = z.enum(UPLOAD_IMAGE_TYPES);
export type UploadImageType = z.infer<typeof UploadImageType>;

/** Stored documents hold numbers as numbers or numeric strings. */
export const NumberLike = z.union([z.number(), z.string()]);
export type NumberLike = z.infer<typeof NumberLike>;

/** A date as stored: ISO string (or a Date object on the way in). */
export const DateLike = z.union([z.string(), z.date()]);
export type DateLike = z.infer<typeof DateLike>;

/** attributeName / attributeValue pair of the registration document (Q §3 Attribute). */
export const Attribute = z.looseObject({
  attributeName: z.string(),
  attributeValue: z.union([z.string(), z.number(), z.null()]).optional(),
});
export type Attribute = z.infer<typeof Attribute>;

/** Source attribute of the imported product (list of attributeName / value). */
export const ProductSourceAttribute = z.looseObject({
  attributeName: z.string().optional(),
  name: z.string().optional(),
  value: z.union([z.string(), z.number(), z.null()]).optional(),
  valueTrans: z.string().optional(),
});
export type ProductSourceAttribute = z.infer<typeof ProductSourceAttribute>;
