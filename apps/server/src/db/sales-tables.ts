import type { ColumnType, Generated } from 'kysely';

// Issue 41: the sales tables (migration 0060).

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string | T, string | T>;
/** bigint columns: read as text by pg, written as numbers. */
type Big = ColumnType<string, number | string, number | string>;
type DateText = ColumnType<string, string, string>;

export interface SalesTables {
  sales_raw_answers: {
    id: Generated<string>;
    company_id: string;
    stream: string;
    request: string;
    answer_hash: string;
    answer: Json;
    received_at: Timestamp;
  };
  sales_order_lines: {
    company_id: string;
    line_key: string;
    channel: string;
    order_id: string;
    vendor_item_id: string;
    seller_product_id: string | null;
    item_name: string;
    status: string;
    ordered_at: Timestamp;
    quantity: number;
    unit_price: Big;
    amount: Big;
    raw_id: string | null;
    synced_at: Timestamp;
  };
  sales_returns: {
    company_id: string;
    return_key: string;
    receipt_id: string;
    order_id: string;
    vendor_item_id: string;
    seller_product_id: string | null;
    item_name: string;
    receipt_type: string;
    status: string;
    reason_category1: string;
    reason_category2: string;
    reason: string;
    quantity: number;
    requested_at: Timestamp;
    raw_id: string | null;
  };
  sales_settlements: {
    company_id: string;
    settlement_key: string;
    order_id: string;
    vendor_item_id: string;
    sale_type: string;
    sale_date: DateText;
    recognition_date: DateText;
    quantity: number;
    sale_amount: Big;
    service_fee: Big;
    service_fee_vat: Big;
    settlement_amount: Big;
    raw_id: string | null;
  };
  sales_inventory: {
    company_id: string;
    vendor_item_id: string;
    orderable: number;
    sold_30d: number;
    fetched_at: Timestamp;
    raw_id: string | null;
  };
  sales_item_links: {
    company_id: string;
    vendor_item_id: string;
    product_id: string;
    option_number: string | null;
    /** Migration 0085: the option's stable identity (its 1688 offer and source key), followed on a split. */
    offer_id: ColumnType<string | null, string | null | undefined, string | null>;
    source_key: ColumnType<string | null, string | null | undefined, string | null>;
    /** Migration 0085: the offer's quantity tiers, [{ minQuantity, price }] in yuan (the reorder list). */
    price_tiers: ColumnType<
      { minQuantity: number; price: number }[] | null,
      string | null | undefined,
      string | null
    >;
    /** numeric: read as text. */
    unit_yuan: ColumnType<string | null, number | null, number | null>;
    unit_weight_kg: ColumnType<string | null, number | null, number | null>;
    moq: number | null;
    commission_percent: ColumnType<string | null, number | null, number | null>;
    /** Migration 0090: the fee tables' facts (the category path, one unit's box "L*W*H" mm and g). */
    category_path: ColumnType<string | null, string | null | undefined, string | null>;
    box_dimension_mm: ColumnType<string | null, string | null | undefined, string | null>;
    box_weight_g: ColumnType<string | null, number | null | undefined, number | null>;
    linked_at: Timestamp;
  };
  sales_cost_settings: {
    company_id: string;
    settings: Json;
    updated_at: Timestamp;
  };
  sales_sync_cursors: {
    company_id: string;
    stream: string;
    cursor: Json;
    updated_at: Timestamp;
  };
}
