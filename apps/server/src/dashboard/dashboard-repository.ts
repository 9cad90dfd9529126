import { TASK_ORDER, type TaskName } from '@rr/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

// SQL of the dashboard: counts over the company's products and AI requests.

/** The indexed status column of each task (migration 0002-products; register: 0031-coupang-registration). */
const STATUS_COLUMNS: Record<TaskName, string> = {
  seo: 'seo_status',
  pricing: 'pricing_status',
  mainImage: 'main_image_status',
  additionalImage: 'additional_image_status',
  detailImage: 'detail_image_status',
  koreanLabel: 'korean_label_status',
  sizeChart: 'size_chart_status',
  quotation: 'quotation_status',
  register: 'register_status',
};

export type StatusCountRow = { task: TaskName; status: string; n: number };

/** Per task and status, how many of the company's products have it (no status = pending). */
export async function countTaskStatuses(db: Db, companyId: string): Promise<StatusCountRow[]> {
  const pairs = sql.join(TASK_ORDER.map((task) => sql`(${task}, p.${sql.ref(STATUS_COLUMNS[task])})`));
  const { rows } = await sql<StatusCountRow>`
    select t.task, coalesce(t.status, 'pending') as status, count(*)::int as n
    from products p
    cross join lateral (values ${pairs}) as t(task, status)
    where p.company_id = ${companyId}
    group by 1, 2`.execute(db);
  return rows;
}

export async function countProducts(db: Db, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export type AiRequestCounts = { total: number; success: number; error: number; open: number };

/** The company's AI requests since midnight in Korea (the sellers' day). */
export async function countAiRequestsToday(db: Db, companyId: string): Promise<AiRequestCounts> {
  const { rows } = await sql<AiRequestCounts>`
    select count(*)::int as total,
      (count(*) filter (where status = 'success'))::int as success,
      (count(*) filter (where status in ('error', 'timeout')))::int as error,
      (count(*) filter (where status in ('pending', 'processing')))::int as open
    from ai_requests
    where company_id = ${companyId}
      and created_at >= (date_trunc('day', now() at time zone 'Asia/Seoul') at time zone 'Asia/Seoul')`.execute(
    db,
  );
  return rows[0] ?? { total: 0, success: 0, error: 0, open: 0 };
}
