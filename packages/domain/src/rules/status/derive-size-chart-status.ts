import type { CategorySchema } from '../../entities/category-schema.ts';
import type { TaskStatus } from '../../entities/common.ts';
import { isSizeChartRequired } from '../schema/convert-coupang-category-meta.ts';

/** W §4 Size chart: disabled when the schema does not list a size chart image as required. */
export function deriveInitialSizeChartStatus(
  schema: Pick<CategorySchema, 'requiredFields'> | undefined,
): TaskStatus {
  return schema && isSizeChartRequired(schema) ? 'pending' : 'disabled';
}
