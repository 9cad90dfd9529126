import { TASK_STATUS_FIELD_LIST, TASK_STATUSES } from '@rr/domain';
import { z } from 'zod';

// Shapes shared by every call of the HTTP API.

/** Every failure: `{ code, message, error }` (message = error = the seller-facing text). */
export const ErrorBody = z.looseObject({
  code: z.string(),
  message: z.string(),
  error: z.string(),
  issues: z.array(z.looseObject({ path: z.string(), message: z.string().optional() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The spec's statuses of one task (W §4). */
export const TaskStatusValue = z.enum(TASK_STATUSES);
export type TaskStatusValue = z.infer<typeof TaskStatusValue>;

/** Product status fields, one per task (W §3), in the batch order: the domain's task registry. */
export const STATUS_FIELDS = TASK_STATUS_FIELD_LIST;
export const StatusField = z.enum(STATUS_FIELDS);
export type StatusField = z.infer<typeof StatusField>;

/** GET /api/health: the server answers. */
export const HealthResponse = z.object({ ok: z.literal(true) });
export type HealthResponse = z.infer<typeof HealthResponse>;

/** GET /api/openapi.json: the OpenAPI 3.1 document of this API. */
export const OpenApiDocumentResponse = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.looseObject({})),
});
export type OpenApiDocumentResponse = z.infer<typeof OpenApiDocumentResponse>;
