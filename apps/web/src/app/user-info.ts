import type { UserInfo } from '@rr/contracts';

/** Spec §3 User, as /api/loginstatus and /api/auth/login answer it (its schema is in @rr/contracts). */
export type { UserInfo };
