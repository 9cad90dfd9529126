/** W §9: file size shown in B, KB or MB (1024-based; KB and MB with one decimal). */
export function formatFileSize(bytes: number | null | undefined): string {
  const b = Math.max(0, Math.round(bytes ?? 0));
  if (b < 1024) return `${b} B`;
  if (b < 1024 * 1024) return `${(b / 1024).toFixed(1)} KB`;
  return `${(b / (1024 * 1024)).toFixed(1)} MB`;
}
