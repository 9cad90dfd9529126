import { TASK_STATUS_FIELD_LIST } from '@rr/domain';
import { expect, it } from 'vitest';
import { STATUS_COLUMNS as PRODUCTS_COLUMNS } from '../../src/db/migrations/0002-products.ts';
import { STATUS_COLUMNS as REGISTER_COLUMNS } from '../../src/db/migrations/0031-coupang-registration.ts';

const STATUS_COLUMNS = [...PRODUCTS_COLUMNS, ...REGISTER_COLUMNS];

import { statusColumnOf } from '../../src/products/product-tables.ts';

it("the migrations' status columns are the task registry's status fields", () => {
  expect(STATUS_COLUMNS.map(([, field]) => field)).toEqual([...TASK_STATUS_FIELD_LIST]);
  expect(STATUS_COLUMNS.map(([column]) => column)).toEqual(TASK_STATUS_FIELD_LIST.map(statusColumnOf));
  expect(statusColumnOf('koreanLabelStatus')).toBe('korean_label_status');
});
