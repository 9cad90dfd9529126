import { describe, expect, it } from 'vitest';
import { settingsShortOfAdvice, settingValue, WRITE_SETTINGS } from '../../src/db/write-settings.ts';
import { readWriteSettings } from '../../src/db/write-settings-repository.ts';
import { createTestDb } from '../support/test-db.ts';

const t = await createTestDb();

describe('the WAL settings read from the server (issue 39)', () => {
  it('reads each advised setting, sizes and times in units the rule converts', async () => {
    const rows = await readWriteSettings(t.db);
    expect(rows.map((r) => r.name).sort()).toEqual(WRITE_SETTINGS.map((s) => s.name).sort());
    for (const name of ['wal_buffers', 'wal_writer_delay', 'wal_writer_flush_after'])
      expect(typeof settingValue(rows.find((r) => r.name === name)!), name).toBe('number');
    // whatever this server has, each shortfall names a setting and its advised value
    for (const s of settingsShortOfAdvice(rows))
      expect(WRITE_SETTINGS.find((w) => w.name === s.name)?.advised).toBe(s.advised);
  });
});
