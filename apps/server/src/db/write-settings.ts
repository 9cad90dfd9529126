// The PostgreSQL settings under which one company's large rewrites do not hold up another company's
// small save (issue 39, docs/decisions.md "The database's WAL settings for large documents"). A 9 MB
// rewrite writes megabytes of WAL; every commit after it waits until that WAL is on disk. With these
// settings the WAL writer keeps up in small steps (10 ms, 256 kB) instead of leaving it to the next
// commit, the rewrite's WAL fits the buffers (32 MB) so its low-priority backend does not write it out
// itself while holding the WAL write lock, and full-page images are compressed. The embedded database
// starts with them (db/embedded-postgres.ts), compose.yaml passes them, and a server that runs on
// another database says at start which of them it lacks.

/** One advised setting: its value as PostgreSQL takes it, and the bound a running server must meet. */
export type WriteSetting = {
  name: 'wal_buffers' | 'wal_writer_delay' | 'wal_writer_flush_after' | 'wal_compression';
  advised: string;
  /** Whether the value read from pg_settings (in base units: bytes, ms, or the text) meets it. */
  meets: (value: number | string) => boolean;
};

const KB = 1024;
const MB = 1024 * KB;

export const WRITE_SETTINGS: readonly WriteSetting[] = [
  { name: 'wal_buffers', advised: '32MB', meets: (v) => typeof v === 'number' && v >= 32 * MB },
  { name: 'wal_writer_delay', advised: '10ms', meets: (v) => typeof v === 'number' && v <= 10 },
  { name: 'wal_writer_flush_after', advised: '256kB', meets: (v) => typeof v === 'number' && v <= 256 * KB },
  // lz4 where the server is built with it (Debian's and the official images are); pglz otherwise.
  { name: 'wal_compression', advised: 'lz4', meets: (v) => v !== 'off' },
];

/** A row of pg_settings as the repository reads it. */
export type SettingRow = { name: string; setting: string; unit: string | null };

const UNIT_FACTORS: Record<string, number> = { B: 1, kB: KB, '8kB': 8 * KB, MB, ms: 1, s: 1000, min: 60_000 };

/** A setting in base units (bytes or milliseconds) where it has a unit; its text otherwise. */
export function settingValue(row: SettingRow): number | string {
  if (!row.unit) return row.setting;
  const factor = UNIT_FACTORS[row.unit];
  const n = Number(row.setting);
  return factor === undefined || !Number.isFinite(n) ? row.setting : n * factor;
}

/** The advised settings this server does not meet, each with its current and advised value. */
export function settingsShortOfAdvice(
  rows: readonly SettingRow[],
): { name: string; current: string; advised: string }[] {
  return WRITE_SETTINGS.flatMap((s) => {
    const row = rows.find((r) => r.name === s.name);
    if (!row || s.meets(settingValue(row))) return [];
    const current = row.unit === '8kB' ? `${Number(row.setting) * 8}kB` : `${row.setting}${row.unit ?? ''}`;
    return [{ name: s.name, current, advised: s.advised }];
  });
}

/** `postgres -c` flags for a server this app starts itself (compression: what its build has). */
export function writeSettingFlags(compression: 'lz4' | 'pglz'): string[] {
  return WRITE_SETTINGS.flatMap((s) => [
    '-c',
    `${s.name}=${s.name === 'wal_compression' ? compression : s.advised}`,
  ]);
}
