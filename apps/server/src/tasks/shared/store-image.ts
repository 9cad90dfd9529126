import { buildUploadFileName, type UploadImageType } from '@rr/domain';
import type { TaskContext } from '../../workflow/task.ts';

/**
 * Stores an image a task rendered, as the spec's upload-image does for its `type` (W §7): the file
 * name carries the type and the supplier code prefix (W §5 Images), the bytes go to the company's
 * storage as they are (the renders are already the spec's sizes). Answers the public URL.
 */
export async function storeTaskImage(
  ctx: TaskContext,
  type: UploadImageType,
  name: string,
  png: Buffer,
): Promise<string> {
  const company = await ctx.container.db
    .selectFrom('companies')
    .select('supplier_code')
    .where('id', '=', ctx.companyId)
    .executeTakeFirstOrThrow();
  const fileName = buildUploadFileName(`${type}-${name}.png`, company.supplier_code);
  const file = await ctx.container.storage.put(ctx.companyId, fileName, png, 'image/png');
  return file.url;
}
