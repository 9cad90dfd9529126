import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ImageRequestsTable } from '../image-tables.ts';

export type ImageRequestRow = Selectable<ImageRequestsTable>;
export type NewImageRequest = Insertable<ImageRequestsTable>;

/** The SQL of image requests (one row per translation or regeneration), always scoped to a company. */
export function createImageRequestRepository(db: Db) {
  return {
    async insert(row: NewImageRequest): Promise<void> {
      await db.insertInto('image_requests').values(row).execute();
    },

    async findMany(companyId: string, requestIds: readonly string[]): Promise<ImageRequestRow[]> {
      if (requestIds.length === 0) return [];
      return db
        .selectFrom('image_requests')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('request_id', 'in', requestIds)
        .execute();
    },

    async findOne(companyId: string, requestId: string): Promise<ImageRequestRow | undefined> {
      return db
        .selectFrom('image_requests')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('request_id', '=', requestId)
        .executeTakeFirst();
    },
  };
}

export type ImageRequestRepository = ReturnType<typeof createImageRequestRepository>;
