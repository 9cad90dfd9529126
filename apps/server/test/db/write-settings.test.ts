import { describe, expect, it } from 'vitest';
import { settingsShortOfAdvice, settingValue, writeSettingFlags } from '../../src/db/write-settings.ts';

// pg_settings rows as PostgreSQL 15 answers them out of the box (shared_buffers 128 MB) and as
// the advised flags leave them.
const DEFAULTS = [
  { name: 'wal_buffers', setting: '512', unit: '8kB' },
  { name: 'wal_writer_delay', setting: '200', unit: 'ms' },
  { name: 'wal_writer_flush_after', setting: '128', unit: '8kB' },
  { name: 'wal_compression', setting: 'off', unit: null },
];
const ADVISED = [
  { name: 'wal_buffers', setting: '4096', unit: '8kB' },
  { name: 'wal_writer_delay', setting: '10', unit: 'ms' },
  { name: 'wal_writer_flush_after', setting: '32', unit: '8kB' },
  { name: 'wal_compression', setting: 'pglz', unit: null },
];

describe('the WAL settings for large documents (issue 39)', () => {
  it('reads values in base units: pages of 8 kB, milliseconds, text', () => {
    expect(settingValue(DEFAULTS[0]!)).toBe(4 * 1024 * 1024);
    expect(settingValue(DEFAULTS[1]!)).toBe(200);
    expect(settingValue({ name: 'x', setting: '2', unit: 's' })).toBe(2000);
    expect(settingValue(DEFAULTS[3]!)).toBe('off');
  });

  it('names every setting a default server lacks, with its current and advised value', () => {
    expect(settingsShortOfAdvice(DEFAULTS)).toEqual([
      { name: 'wal_buffers', current: '4096kB', advised: '32MB' },
      { name: 'wal_writer_delay', current: '200ms', advised: '10ms' },
      { name: 'wal_writer_flush_after', current: '1024kB', advised: '256kB' },
      { name: 'wal_compression', current: 'off', advised: 'lz4' },
    ]);
  });

  it('is content with the advised values, pglz standing in for lz4, and with more buffers or a faster writer', () => {
    expect(settingsShortOfAdvice(ADVISED)).toEqual([]);
    expect(
      settingsShortOfAdvice([
        { name: 'wal_buffers', setting: '8192', unit: '8kB' },
        { name: 'wal_writer_delay', setting: '5', unit: 'ms' },
        { name: 'wal_compression', setting: 'lz4', unit: null },
      ]),
    ).toEqual([]);
  });

  it('gives the flags a server this app starts takes, with the compression its build has', () => {
    expect(writeSettingFlags('pglz')).toEqual([
      '-c',
      'wal_buffers=32MB',
      '-c',
      'wal_writer_delay=10ms',
      '-c',
      'wal_writer_flush_after=256kB',
      '-c',
      'wal_compression=pglz',
    ]);
  });
});
