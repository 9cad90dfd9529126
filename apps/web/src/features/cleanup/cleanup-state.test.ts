import { describe, expect, it } from 'vitest';
import { cleanupSource, initialCleanupState as init, cleanupReducer as reduce } from './cleanup-state';

describe('clean-up screen state', () => {
  it('start without a file or an address says one is missing, and sends nothing', () => {
    const s = reduce(reduce(init, { type: 'url', url: '   ' }), { type: 'start' });
    expect(s.missing).toBe(true);
    expect(cleanupSource(s)).toBeNull();
  });

  it('an address is sent trimmed; the message goes on the next start', () => {
    let s = reduce(init, { type: 'start' });
    s = reduce(reduce(s, { type: 'url', url: ' https://img.example/a.jpg ' }), { type: 'start' });
    expect(s.missing).toBe(false);
    expect(cleanupSource(s)).toEqual({ imgUrl: 'https://img.example/a.jpg' });
  });

  it('a chosen file wins over the address', () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const s = reduce(reduce(init, { type: 'url', url: 'https://img.example/a.jpg' }), { type: 'file', file });
    expect(cleanupSource(s)).toEqual({ file });
    expect(reduce(s, { type: 'file', file: null }).file).toBeNull();
  });
});
