import { createHash } from 'node:crypto';
import { type UnitBox, unitBoxOf } from '@rr/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SalesStream } from './sales-streams.ts';
import type { SalesCursor, SalesSyncStore, SavedPage } from './sales-sync-service.ts';

// Issue 41: the sales tables' SQL (migration 0060). Every statement is scoped by the company.

/** What is known of a vendor item's cost: the linked 1688 option (sales_item_links). */
export type ItemCost = {
  unitYuan: number | null;
  unitWeightKg: number | null;
  moq: number | null;
  categoryCommissionPercent: number | null;
  /** The product's display category path (the fee table's commission rate). */
  categoryPath: string | null;
  /** One unit's box (the Rocket Growth size tier). */
  box: UnitBox | null;
};

export type OrderLineFilter = {
  /** Korean days, yyyy-MM-dd, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  status?: string | undefined;
  channel?: 'MARKETPLACE' | 'ROCKET_GROWTH' | 'MANUAL' | undefined;
  vendorItemId?: string | undefined;
  /** A part of the item name. */
  q?: string | undefined;
};

export type OrderLineListRow = {
  lineKey: string;
  channel: string;
  orderId: string;
  vendorItemId: string;
  sellerProductId: string | null;
  itemName: string;
  status: string;
  orderedAt: Date;
  quantity: number;
  unitPrice: number;
  amount: number;
  /** The settlement's fee (fee + VAT) and amount when Coupang settled the line, else null. */
  settledFee: number | null;
  settledAmount: number | null;
};

export type ReturnListRow = {
  receiptId: string;
  orderId: string;
  vendorItemId: string;
  sellerProductId: string | null;
  itemName: string;
  receiptType: string;
  status: string;
  reasonCategory1: string;
  reasonCategory2: string;
  reason: string;
  quantity: number;
  requestedAt: Date;
  /** Returns of the same vendor item with the same reason (category 2), in all the synced history. */
  sameReasonCount: number;
};

export type InventoryListRow = {
  vendorItemId: string;
  itemName: string | null;
  orderable: number;
  sold30d: number;
  /** Units of the synced order lines over the last 7 and 30 days. */
  units7: number;
  units30: number;
  fetchedAt: Date;
};

const kstDay = (column: string) => sql`(${sql.ref(column)} at time zone 'Asia/Seoul')::date`;

export function createSalesRepository(db: Db) {
  function filtered(companyId: string, f: OrderLineFilter) {
    let query = db.selectFrom('sales_order_lines as l').where('l.company_id', '=', companyId);
    // Korean days as a time range: the index on ordered_at serves it.
    if (f.from)
      query = query.where(
        'l.ordered_at',
        '>=',
        sql<Date>`(${f.from}::date)::timestamp at time zone 'Asia/Seoul'`,
      );
    if (f.to)
      query = query.where(
        'l.ordered_at',
        '<',
        sql<Date>`((${f.to}::date + 1)::timestamp) at time zone 'Asia/Seoul'`,
      );
    if (f.status) query = query.where('l.status', '=', f.status);
    if (f.channel) query = query.where('l.channel', '=', f.channel);
    if (f.vendorItemId) query = query.where('l.vendor_item_id', '=', f.vendorItemId);
    if (f.q) query = query.where('l.item_name', 'ilike', `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    return query;
  }

  const store: SalesSyncStore = {
    async cursor(companyId: string, stream: SalesStream): Promise<SalesCursor | null> {
      const row = await db
        .selectFrom('sales_sync_cursors')
        .select('cursor')
        .where('company_id', '=', companyId)
        .where('stream', '=', stream)
        .executeTakeFirst();
      return (row?.cursor as SalesCursor | undefined) ?? null;
    },

    /** The raw answer (once per distinct answer), its rows upserted on their keys, and the cursor: one transaction. */
    async savePage(companyId: string, page: SavedPage): Promise<void> {
      const text = JSON.stringify(page.answer);
      const hash = createHash('sha256').update(text).digest('hex');
      await db.transaction().execute(async (trx) => {
        const { id: rawId } = await trx
          .insertInto('sales_raw_answers')
          .values({
            company_id: companyId,
            stream: page.stream,
            request: page.request,
            answer_hash: hash,
            answer: text,
          })
          .onConflict((oc) =>
            oc
              .columns(['company_id', 'stream', 'request', 'answer_hash'])
              .doUpdateSet({ received_at: sql`sales_raw_answers.received_at` }),
          )
          .returning('id')
          .executeTakeFirstOrThrow();
        const { orders, returns, settlements, inventory } = page.rows;
        if (orders.length > 0)
          await trx
            .insertInto('sales_order_lines')
            .values(
              orders.map((o) => ({
                company_id: companyId,
                line_key: o.lineKey,
                channel: o.channel,
                order_id: o.orderId,
                vendor_item_id: o.vendorItemId,
                seller_product_id: o.sellerProductId,
                item_name: o.itemName,
                status: o.status,
                ordered_at: o.orderedAt,
                quantity: o.quantity,
                unit_price: o.unitPrice,
                amount: o.amount,
                raw_id: rawId,
              })),
            )
            .onConflict((oc) =>
              oc.columns(['company_id', 'line_key']).doUpdateSet((eb) => ({
                status: eb.ref('excluded.status'),
                quantity: eb.ref('excluded.quantity'),
                unit_price: eb.ref('excluded.unit_price'),
                amount: eb.ref('excluded.amount'),
                item_name: eb.ref('excluded.item_name'),
                seller_product_id: sql`coalesce(excluded.seller_product_id, sales_order_lines.seller_product_id)`,
                raw_id: eb.ref('excluded.raw_id'),
                synced_at: sql`now()`,
              })),
            )
            .execute();
        if (returns.length > 0)
          await trx
            .insertInto('sales_returns')
            .values(
              returns.map((r) => ({
                company_id: companyId,
                return_key: r.returnKey,
                receipt_id: r.receiptId,
                order_id: r.orderId,
                vendor_item_id: r.vendorItemId,
                seller_product_id: r.sellerProductId,
                item_name: r.itemName,
                receipt_type: r.receiptType,
                status: r.status,
                reason_category1: r.reasonCategory1,
                reason_category2: r.reasonCategory2,
                reason: r.reason,
                quantity: r.quantity,
                requested_at: r.requestedAt,
                raw_id: rawId,
              })),
            )
            .onConflict((oc) =>
              oc.columns(['company_id', 'return_key']).doUpdateSet((eb) => ({
                status: eb.ref('excluded.status'),
                quantity: eb.ref('excluded.quantity'),
                raw_id: eb.ref('excluded.raw_id'),
              })),
            )
            .execute();
        if (settlements.length > 0)
          await trx
            .insertInto('sales_settlements')
            .values(
              settlements.map((s) => ({
                company_id: companyId,
                settlement_key: s.settlementKey,
                order_id: s.orderId,
                vendor_item_id: s.vendorItemId,
                sale_type: s.saleType,
                sale_date: s.saleDate,
                recognition_date: s.recognitionDate,
                quantity: s.quantity,
                sale_amount: s.saleAmount,
                service_fee: s.serviceFee,
                service_fee_vat: s.serviceFeeVat,
                settlement_amount: s.settlementAmount,
                raw_id: rawId,
              })),
            )
            .onConflict((oc) =>
              oc.columns(['company_id', 'settlement_key']).doUpdateSet((eb) => ({
                quantity: eb.ref('excluded.quantity'),
                sale_amount: eb.ref('excluded.sale_amount'),
                service_fee: eb.ref('excluded.service_fee'),
                service_fee_vat: eb.ref('excluded.service_fee_vat'),
                settlement_amount: eb.ref('excluded.settlement_amount'),
                raw_id: eb.ref('excluded.raw_id'),
              })),
            )
            .execute();
        if (inventory.length > 0)
          await trx
            .insertInto('sales_inventory')
            .values(
              inventory.map((i) => ({
                company_id: companyId,
                vendor_item_id: i.vendorItemId,
                orderable: i.orderable,
                sold_30d: i.sold30d,
                fetched_at: sql<Date>`now()`,
                raw_id: rawId,
              })),
            )
            .onConflict((oc) =>
              oc.columns(['company_id', 'vendor_item_id']).doUpdateSet((eb) => ({
                orderable: eb.ref('excluded.orderable'),
                sold_30d: eb.ref('excluded.sold_30d'),
                fetched_at: eb.ref('excluded.fetched_at'),
                raw_id: eb.ref('excluded.raw_id'),
              })),
            )
            .execute();
        await trx
          .insertInto('sales_sync_cursors')
          .values({ company_id: companyId, stream: page.stream, cursor: JSON.stringify(page.cursor) })
          .onConflict((oc) =>
            oc.columns(['company_id', 'stream']).doUpdateSet({
              cursor: JSON.stringify(page.cursor),
              updated_at: sql`now()`,
            }),
          )
          .execute();
      });
    },

    async syncedCompanies(): Promise<string[]> {
      const rows = await db.selectFrom('sales_sync_cursors').select('company_id').distinct().execute();
      return rows.map((r) => r.company_id);
    },
  };

  return {
    ...store,

    /** A page of order lines, newest first, with the settlement of each line where there is one. */
    async orderLines(
      companyId: string,
      filter: OrderLineFilter,
      page: { offset: number; limit: number },
    ): Promise<OrderLineListRow[]> {
      // The page first (the index on ordered_at serves order and limit), then each line's settlement
      // by its order and item (index sales_settlements_by_order): never the whole settlements table.
      const page_ = filtered(companyId, filter)
        .select([
          'l.line_key as lineKey',
          'l.channel',
          'l.order_id as orderId',
          'l.vendor_item_id as vendorItemId',
          'l.seller_product_id as sellerProductId',
          'l.item_name as itemName',
          'l.status',
          'l.ordered_at as orderedAt',
          'l.quantity',
          'l.unit_price as unitPrice',
          'l.amount',
        ])
        .orderBy('l.ordered_at', 'desc')
        .orderBy('l.line_key')
        .offset(page.offset)
        .limit(page.limit);
      const rows = await db
        .selectFrom(page_.as('p'))
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('sales_settlements as s')
              .select([
                sql<string | null>`sum(s.service_fee + s.service_fee_vat)`.as('fee'),
                sql<string | null>`sum(s.settlement_amount)`.as('settled'),
              ])
              .where('s.company_id', '=', companyId)
              .whereRef('s.order_id', '=', 'p.orderId')
              .whereRef('s.vendor_item_id', '=', 'p.vendorItemId')
              .where('s.sale_type', '=', 'SALE')
              .as('s'),
          (join) => join.onTrue(),
        )
        .selectAll('p')
        .select(['s.fee', 's.settled'])
        .orderBy('p.orderedAt', 'desc')
        .orderBy('p.lineKey')
        .execute();
      return rows.map((r) => ({
        lineKey: r.lineKey,
        channel: r.channel,
        orderId: r.orderId,
        vendorItemId: r.vendorItemId,
        sellerProductId: r.sellerProductId,
        itemName: r.itemName,
        status: r.status,
        orderedAt: r.orderedAt,
        quantity: r.quantity,
        unitPrice: Number(r.unitPrice),
        amount: Number(r.amount),
        settledFee: r.fee === null ? null : Number(r.fee),
        settledAmount: r.settled === null ? null : Number(r.settled),
      }));
    },

    /** How many lines the filter holds, their units and their amount (the list's totals). */
    async orderTotals(companyId: string, filter: OrderLineFilter) {
      const row = await filtered(companyId, filter)
        .select([
          sql<string>`count(*)`.as('lines'),
          sql<string>`coalesce(sum(l.quantity), 0)`.as('units'),
          sql<string>`coalesce(sum(l.amount), 0)`.as('amount'),
        ])
        .executeTakeFirstOrThrow();
      return { lines: Number(row.lines), units: Number(row.units), amount: Number(row.amount) };
    },

    /**
     * Per vendor item over the filter: units, revenue, the settled fee of its settled lines (and how
     * many lines are settled), and the units returned (every synced return of the item), best sellers first.
     */
    async byItem(companyId: string, filter: OrderLineFilter, limit: number) {
      const rows = await filtered(companyId, filter)
        // Each line's own settlement (by its order and item), summed per item with the lines.
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('sales_settlements as s')
              .select(sql<string | null>`sum(s.service_fee + s.service_fee_vat)`.as('fee'))
              .where('s.company_id', '=', companyId)
              .whereRef('s.order_id', '=', 'l.order_id')
              .whereRef('s.vendor_item_id', '=', 'l.vendor_item_id')
              .where('s.sale_type', '=', 'SALE')
              .as('s'),
          (join) => join.onTrue(),
        )
        .select([
          'l.vendor_item_id as vendorItemId',
          'l.channel',
          sql<string>`max(l.item_name)`.as('itemName'),
          sql<string>`count(*)`.as('lines'),
          sql<string>`sum(l.quantity)`.as('units'),
          sql<string>`sum(l.amount)`.as('revenue'),
          sql<string>`coalesce(sum(s.fee), 0)`.as('settledFee'),
          sql<string>`count(s.fee)`.as('settledLines'),
          sql<string>`(select coalesce(sum(r.quantity), 0) from sales_returns r
            where r.company_id = ${companyId} and r.vendor_item_id = l.vendor_item_id)`.as('returned'),
        ])
        .groupBy(['l.vendor_item_id', 'l.channel'])
        .orderBy(sql`sum(l.amount)`, 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        vendorItemId: r.vendorItemId,
        channel: r.channel,
        itemName: r.itemName,
        lines: Number(r.lines),
        units: Number(r.units),
        revenue: Number(r.revenue),
        returned: Number(r.returned),
        settledFee: Number(r.settledFee),
        settledLines: Number(r.settledLines),
      }));
    },

    /**
     * Per product linked to its vendor items (the registration table's column): the lines ordered
     * since `since`, per vendor item and channel with the link's 1688 cost, units, revenue and the
     * settled fee of its settled lines, aggregated here. At most `limit` rows, best sellers first.
     */
    async byProduct(companyId: string, since: Date, limit: number) {
      const rows = await db
        .selectFrom('sales_order_lines as l')
        .innerJoin('sales_item_links as k', (join) =>
          join.onRef('k.company_id', '=', 'l.company_id').onRef('k.vendor_item_id', '=', 'l.vendor_item_id'),
        )
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('sales_settlements as s')
              .select(sql<string | null>`sum(s.service_fee + s.service_fee_vat)`.as('fee'))
              .where('s.company_id', '=', companyId)
              .whereRef('s.order_id', '=', 'l.order_id')
              .whereRef('s.vendor_item_id', '=', 'l.vendor_item_id')
              .where('s.sale_type', '=', 'SALE')
              .as('s'),
          (join) => join.onTrue(),
        )
        .where('l.company_id', '=', companyId)
        .where('l.ordered_at', '>=', since)
        .select([
          'k.product_id as productId',
          'l.vendor_item_id as vendorItemId',
          'l.channel',
          'k.unit_yuan as unitYuan',
          'k.unit_weight_kg as unitWeightKg',
          'k.commission_percent as commissionPercent',
          'k.category_path as categoryPath',
          'k.box_dimension_mm as boxDimension',
          'k.box_weight_g as boxWeightG',
          sql<string>`count(*)`.as('lines'),
          sql<string>`sum(l.quantity)`.as('units'),
          sql<string>`sum(l.amount)`.as('revenue'),
          sql<string>`coalesce(sum(s.fee), 0)`.as('settledFee'),
          sql<string>`count(s.fee)`.as('settledLines'),
        ])
        .groupBy([
          'k.product_id',
          'l.vendor_item_id',
          'l.channel',
          'k.unit_yuan',
          'k.unit_weight_kg',
          'k.commission_percent',
          'k.category_path',
          'k.box_dimension_mm',
          'k.box_weight_g',
        ])
        .orderBy(sql`sum(l.quantity)`, 'desc')
        .limit(limit)
        .execute();
      const n = (v: string | null) => (v === null ? null : Number(v));
      return rows.map((r) => ({
        productId: r.productId,
        vendorItemId: r.vendorItemId,
        channel: r.channel,
        unitYuan: n(r.unitYuan),
        unitWeightKg: n(r.unitWeightKg),
        commissionPercent: n(r.commissionPercent),
        categoryPath: r.categoryPath,
        box: unitBoxOf(r.boxDimension, r.boxWeightG),
        lines: Number(r.lines),
        units: Number(r.units),
        revenue: Number(r.revenue),
        settledFee: Number(r.settledFee),
        settledLines: Number(r.settledLines),
      }));
    },

    /** Units and amount per Korean day over the filter (the charts; aggregated here, not in the browser). */
    async dailyTotals(companyId: string, filter: OrderLineFilter) {
      const rows = await filtered(companyId, filter)
        .select([
          sql<string>`to_char(${kstDay('l.ordered_at')}, 'YYYY-MM-DD')`.as('day'),
          sql<string>`sum(l.quantity)`.as('units'),
          sql<string>`sum(l.amount)`.as('amount'),
        ])
        .groupBy(sql`1`)
        .orderBy(sql`1`)
        .execute();
      return rows.map((r) => ({ day: r.day, units: Number(r.units), amount: Number(r.amount) }));
    },

    async returns(
      companyId: string,
      filter: { from?: string | undefined; to?: string | undefined; vendorItemId?: string | undefined },
      page: { offset: number; limit: number },
    ): Promise<{ rows: ReturnListRow[]; total: number }> {
      let query = db.selectFrom('sales_returns as r').where('r.company_id', '=', companyId);
      if (filter.from)
        query = query.where(
          'r.requested_at',
          '>=',
          sql<Date>`(${filter.from}::date)::timestamp at time zone 'Asia/Seoul'`,
        );
      if (filter.to)
        query = query.where(
          'r.requested_at',
          '<',
          sql<Date>`((${filter.to}::date + 1)::timestamp) at time zone 'Asia/Seoul'`,
        );
      if (filter.vendorItemId) query = query.where('r.vendor_item_id', '=', filter.vendorItemId);
      const [rows, total] = await Promise.all([
        query
          .select([
            'r.receipt_id as receiptId',
            'r.order_id as orderId',
            'r.vendor_item_id as vendorItemId',
            'r.seller_product_id as sellerProductId',
            'r.item_name as itemName',
            'r.receipt_type as receiptType',
            'r.status',
            'r.reason_category1 as reasonCategory1',
            'r.reason_category2 as reasonCategory2',
            'r.reason',
            'r.quantity',
            'r.requested_at as requestedAt',
            sql<string>`(select count(*) from sales_returns o where o.company_id = r.company_id
              and o.vendor_item_id = r.vendor_item_id and o.reason_category2 = r.reason_category2)`.as(
              'same',
            ),
          ])
          .orderBy('r.requested_at', 'desc')
          .orderBy('r.return_key')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map(({ same, ...r }) => ({ ...r, sameReasonCount: Number(same) })),
        total: Number(total.n),
      };
    },

    /** Rocket Growth stock per vendor item, with the synced lines' units over 7 and 30 days to `today`. */
    async inventory(companyId: string, today: string): Promise<InventoryListRow[]> {
      const rows = await db
        .selectFrom('sales_inventory as i')
        .where('i.company_id', '=', companyId)
        .select([
          'i.vendor_item_id as vendorItemId',
          'i.orderable',
          'i.sold_30d as sold30d',
          'i.fetched_at as fetchedAt',
          sql<string | null>`(select l.item_name from sales_order_lines l where l.company_id = i.company_id
            and l.vendor_item_id = i.vendor_item_id order by l.ordered_at desc limit 1)`.as('itemName'),
          sql<string>`(select coalesce(sum(l.quantity), 0) from sales_order_lines l where l.company_id = i.company_id
            and l.vendor_item_id = i.vendor_item_id
            and l.ordered_at >= ((${today}::date - 6)::timestamp at time zone 'Asia/Seoul'))`.as('units7'),
          sql<string>`(select coalesce(sum(l.quantity), 0) from sales_order_lines l where l.company_id = i.company_id
            and l.vendor_item_id = i.vendor_item_id
            and l.ordered_at >= ((${today}::date - 29)::timestamp at time zone 'Asia/Seoul'))`.as('units30'),
        ])
        .orderBy('i.vendor_item_id')
        .execute();
      return rows.map((r) => ({ ...r, units7: Number(r.units7), units30: Number(r.units30) }));
    },

    /** The linked cost facts of these vendor items (absent: not linked). */
    async itemCosts(companyId: string, vendorItemIds: readonly string[]): Promise<Map<string, ItemCost>> {
      if (vendorItemIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('sales_item_links')
        .select([
          'vendor_item_id',
          'unit_yuan',
          'unit_weight_kg',
          'moq',
          'commission_percent',
          'category_path',
          'box_dimension_mm',
          'box_weight_g',
        ])
        .where('company_id', '=', companyId)
        .where('vendor_item_id', 'in', [...vendorItemIds])
        .execute();
      const n = (v: string | null) => (v === null ? null : Number(v));
      return new Map(
        rows.map((r) => [
          r.vendor_item_id,
          {
            unitYuan: n(r.unit_yuan),
            unitWeightKg: n(r.unit_weight_kg),
            moq: r.moq,
            categoryCommissionPercent: n(r.commission_percent),
            categoryPath: r.category_path,
            box: unitBoxOf(r.box_dimension_mm, r.box_weight_g),
          },
        ]),
      );
    },

    /** Vendor items seen in the synced lines, per seller product, with a name (the link pass's input). */
    async vendorItemsBySellerProduct(companyId: string) {
      const rows = await db
        .selectFrom('sales_order_lines')
        .select(['seller_product_id', 'vendor_item_id', sql<string>`max(item_name)`.as('name')])
        .where('company_id', '=', companyId)
        .where('seller_product_id', 'is not', null)
        .groupBy(['seller_product_id', 'vendor_item_id'])
        .orderBy('vendor_item_id')
        .execute();
      const out = new Map<string, { vendorItemId: string; name: string }[]>();
      for (const r of rows) {
        const list = out.get(r.seller_product_id!) ?? [];
        list.push({ vendorItemId: r.vendor_item_id, name: r.name });
        out.set(r.seller_product_id!, list);
      }
      return out;
    },

    async saveLinks(
      companyId: string,
      links: readonly {
        vendorItemId: string;
        productId: string;
        optionNumber: string | null;
        unitYuan: number | null;
        unitWeightKg: number | null;
        moq: number | null;
        commissionPercent: number | null;
        /** The fee tables' facts (migration 0090), when known. */
        categoryPath?: string | null;
        box?: UnitBox | null;
      }[],
    ): Promise<void> {
      if (links.length === 0) return;
      await db
        .insertInto('sales_item_links')
        .values(
          links.map((l) => ({
            company_id: companyId,
            vendor_item_id: l.vendorItemId,
            product_id: l.productId,
            option_number: l.optionNumber,
            unit_yuan: l.unitYuan,
            unit_weight_kg: l.unitWeightKg,
            moq: l.moq,
            commission_percent: l.commissionPercent,
            category_path: l.categoryPath ?? null,
            box_dimension_mm: l.box ? l.box.sidesMm.join('*') : null,
            box_weight_g: l.box ? l.box.weightG : null,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['company_id', 'vendor_item_id']).doUpdateSet((eb) => ({
            product_id: eb.ref('excluded.product_id'),
            option_number: eb.ref('excluded.option_number'),
            unit_yuan: eb.ref('excluded.unit_yuan'),
            unit_weight_kg: eb.ref('excluded.unit_weight_kg'),
            moq: eb.ref('excluded.moq'),
            commission_percent: eb.ref('excluded.commission_percent'),
            category_path: eb.ref('excluded.category_path'),
            box_dimension_mm: eb.ref('excluded.box_dimension_mm'),
            box_weight_g: eb.ref('excluded.box_weight_g'),
            linked_at: sql`now()`,
          })),
        )
        .execute();
    },

    /** A sale or a return entered by the seller (outside Coupang): one row each, its own key. */
    async addManualSale(
      companyId: string,
      sale: {
        key: string;
        date: string;
        itemName: string;
        quantity: number;
        unitPrice: number;
        vendorItemId: string;
      },
    ): Promise<void> {
      await db
        .insertInto('sales_order_lines')
        .values({
          company_id: companyId,
          line_key: sale.key,
          channel: 'MANUAL',
          order_id: sale.key,
          vendor_item_id: sale.vendorItemId,
          seller_product_id: null,
          item_name: sale.itemName,
          status: 'MANUAL',
          ordered_at: sql<Date>`(${sale.date}::date + time '12:00')::timestamp at time zone 'Asia/Seoul'`,
          quantity: sale.quantity,
          unit_price: sale.unitPrice,
          amount: sale.unitPrice * sale.quantity,
        })
        .execute();
    },

    async addManualReturn(
      companyId: string,
      r: {
        key: string;
        date: string;
        itemName: string;
        quantity: number;
        reason: string;
        vendorItemId: string;
      },
    ): Promise<void> {
      await db
        .insertInto('sales_returns')
        .values({
          company_id: companyId,
          return_key: r.key,
          receipt_id: r.key,
          order_id: r.key,
          vendor_item_id: r.vendorItemId,
          seller_product_id: null,
          item_name: r.itemName,
          receipt_type: 'MANUAL',
          status: 'MANUAL',
          reason_category1: '직접 입력',
          reason_category2: r.reason.slice(0, 50),
          reason: r.reason,
          quantity: r.quantity,
          requested_at: sql<Date>`(${r.date}::date + time '12:00')::timestamp at time zone 'Asia/Seoul'`,
        })
        .execute();
    },

    /** The company's landed-cost settings as saved (an empty object when none). */
    async costSettings(companyId: string): Promise<Record<string, unknown>> {
      const row = await db
        .selectFrom('sales_cost_settings')
        .select('settings')
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      const settings = row?.settings;
      return typeof settings === 'object' && settings !== null && !Array.isArray(settings)
        ? Object.fromEntries(Object.entries(settings))
        : {};
    },

    async saveCostSettings(companyId: string, settings: Record<string, number | boolean>): Promise<void> {
      await db
        .insertInto('sales_cost_settings')
        .values({ company_id: companyId, settings: JSON.stringify(settings) })
        .onConflict((oc) =>
          oc.column('company_id').doUpdateSet({ settings: JSON.stringify(settings), updated_at: sql`now()` }),
        )
        .execute();
    },

    /** Per Korean month of recognition: sales, fees and settled amounts (정산/장부). */
    async monthlySettlements(companyId: string) {
      const rows = await db
        .selectFrom('sales_settlements')
        .where('company_id', '=', companyId)
        .select([
          sql<string>`to_char(recognition_date, 'YYYY-MM')`.as('month'),
          sql<string>`sum(sale_amount)`.as('sales'),
          sql<string>`sum(service_fee + service_fee_vat)`.as('fees'),
          sql<string>`sum(settlement_amount)`.as('settled'),
          sql<string>`count(*)`.as('lines'),
        ])
        .groupBy(sql`1`)
        .orderBy(sql`1`)
        .execute();
      return rows.map((r) => ({
        month: r.month,
        sales: Number(r.sales),
        fees: Number(r.fees),
        settled: Number(r.settled),
        lines: Number(r.lines),
      }));
    },
  };
}
export type SalesRepository = ReturnType<typeof createSalesRepository>;
