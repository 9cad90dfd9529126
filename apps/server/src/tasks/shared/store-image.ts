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
  const supplierCode = await ctx.deps.settings.supplierCode(ctx.companyId);
  const fileName = buildUploadFileName(`${type}-${name}.png`, supplierCode);
  const file = await ctx.deps.storage.put(ctx.companyId, fileName, png, 'image/png');
  return file.url;
}
