import { CleanupImageResponse } from '@rr/contracts';
import { useMutation } from '@tanstack/react-query';
import { useReducer } from 'react';
import { http } from '../../app/http';
import { readFileAsDataUrl } from '../image-translate/api';
import { cleanupReducer, cleanupSource, initialCleanupState } from './cleanup-state';

/** The clean-up screen's state (`cleanup-state.ts`) wired to the clean-up call (a mutation). */
export function useCleanup() {
  const [state, dispatch] = useReducer(cleanupReducer, initialCleanupState);
  const run = useMutation({
    mutationFn: async (source: { file: File } | { imgUrl: string }): Promise<CleanupImageResponse> => {
      const body = 'file' in source ? { imageData: await readFileAsDataUrl(source.file) } : source;
      return http.post('/api/images/cleanup', CleanupImageResponse, body);
    },
  });
  const start = () => {
    dispatch({ type: 'start' });
    const source = cleanupSource(state);
    if (source) run.mutate(source);
  };
  return { state, dispatch, run, start };
}
