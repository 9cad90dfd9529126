import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A personal access token of one user (migration 0024). Only the SHA-256 of the token is kept. */
export interface AccessTokensTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  name: string;
  token_hash: string;
  scope: Generated<string>;
  created_at: Timestamp;
  last_used_at: Date | null;
}

export interface AccessTokenTables {
  access_tokens: AccessTokensTable;
}
