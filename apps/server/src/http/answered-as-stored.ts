import type { z } from 'zod';

/**
 * Routes that answer whole product documents (update, updateFeature, regproduct, manual SEO) answer
 * them as stored: unknown fields, statuses older versions wrote and values set aside by the parse are
 * kept (docs/decisions.md, "A stored product that does not parse"). Put through `RocketProduct` on
 * the way out, such a document would be a 500 (a legacy status, a missing `options` the schema
 * defaults), and every answer would cost a walk over up to 10 MB. So the route declares its contract
 * with `describedOnly(...)` (the OpenAPI document shows it; the web parses the answer with it) and
 * writes the answer with JSON.stringify, as it did before answers were described.
 */
export const answeredAsStored = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
};

/** The contract as the OpenAPI document describes the answer; the handler's answer is not typed by it. */
export function describedOnly(schema: z.ZodType): z.ZodType {
  return schema;
}
