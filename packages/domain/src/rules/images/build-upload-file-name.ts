import { IMAGE_LIMITS } from '../../constants.ts';

/**
 * W §5 Images: upload file names get an extension (kept when jpg, jpeg, png or gif, otherwise
 * replaced by / given jpg) and the supplier code as prefix (`{supplierCode}_{name}`), once.
 */
export function buildUploadFileName(fileName: string, supplierCode: string): string {
  const clean = (fileName.split(/[?#]/)[0] ?? '').split('/').pop()?.trim() || 'image';
  const m = /^(.*)\.([A-Za-z0-9]{1,5})$/.exec(clean);
  const base = m?.[1] || (m ? 'image' : clean);
  const ext = m?.[2]?.toLowerCase() ?? '';
  const allowed: readonly string[] = IMAGE_LIMITS.uploadExtensions;
  const finalExt = allowed.includes(ext) ? ext : IMAGE_LIMITS.defaultUploadExtension;
  const code = supplierCode.trim();
  const prefixed = code && !base.startsWith(`${code}_`) ? `${code}_${base}` : base;
  return `${prefixed}.${finalExt}`;
}
