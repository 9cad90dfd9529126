import { useQuery } from '@tanstack/react-query';
import { toNumber as toNum } from '../../shared/values';

/** Bytes of a same-origin file, read with a HEAD request (content-length) when the document does not say. */
export function useFileSize(url: string | undefined, known: unknown) {
  const stored = toNum(known);
  const sameOrigin = !!url && (url.startsWith('/') || url.startsWith(globalThis.location?.origin ?? '\0'));
  const q = useQuery({
    queryKey: ['file-size', url],
    enabled: stored === undefined && sameOrigin,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async ({ signal }) => {
      if (!url) return null;
      const res = await fetch(url, { method: 'HEAD', signal, credentials: 'same-origin' });
      const len = toNum(res.headers.get('content-length'));
      return res.ok && len !== undefined ? len : null;
    },
  });
  return stored ?? q.data ?? null;
}
