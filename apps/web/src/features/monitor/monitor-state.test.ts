import { describe, expect, it } from 'vitest';
import { initialMonitorState as init, pollInterval, monitorReducer as reduce } from './monitor-state';

describe('monitor screen state', () => {
  it('polls every few seconds by default', () => {
    expect(init.autoRefresh).toBe(true);
    expect(pollInterval(init, 5000)).toBe(5000);
  });

  it('autoRefresh off stops the polling (refresh on demand); on starts it again', () => {
    const off = reduce(init, { type: 'autoRefresh', on: false });
    expect(pollInterval(off, 5000)).toBe(false);
    expect(pollInterval(reduce(off, { type: 'autoRefresh', on: true }), 5000)).toBe(5000);
    expect(reduce(off, { type: 'autoRefresh', on: false })).toBe(off);
  });
});
