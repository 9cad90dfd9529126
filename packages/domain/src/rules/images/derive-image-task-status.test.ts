import { describe, expect, it } from 'vitest';
import type { ProcessType } from '../../entities/common.ts';
import { deriveImageTaskStatus } from './derive-image-task-status.ts';

describe('deriveImageTaskStatus (W §4 additional and detail images)', () => {
  const t = 'translated' as const;
  const o = 'original' as const;
  const e = 'error' as const;
  it.each<[ProcessType[], 'additionalImage' | 'detailImage', string]>([
    [[t, t, o], 'additionalImage', 'completed'],
    [[t, e], 'additionalImage', 'partially_completed'],
    [[e, e], 'additionalImage', 'error'],
    [[], 'additionalImage', 'error'],
    [[t, o, o], 'detailImage', 'completed'],
    [[t, e, e], 'detailImage', 'completed'],
    [[e], 'detailImage', 'error'],
    [[], 'detailImage', 'error'],
  ])('%j (%s) → %s', (types, task, expected) => expect(deriveImageTaskStatus(types, task)).toBe(expected));
});
