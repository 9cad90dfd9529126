import type { ComponentType } from 'react';
import type { ScreenRouteName } from './route-catalog';

export type ScreenModule = { default: ComponentType };

/**
 * Route name → screen, for every main-layout route that is not in `PLACEHOLDER_ROUTES`
 * (route-catalog.ts): the type makes a missing or an extra entry a compile error. A new screen takes
 * its route out of `PLACEHOLDER_ROUTES` and adds ONE line here, e.g.
 *   listproduct: () => import('../features/products/product-list-page'),
 * (the module's default export is the screen component).
 */
export const routeScreens: Record<ScreenRouteName, () => Promise<ScreenModule>> = {
  dashboard: () => import('../features/dashboard/dashboard-page'),
  AIRocketReg: () => import('../features/registration/registration-page'),
  listproduct: () => import('../features/products/product-list-page'),
  addproduct: () => import('../features/import/import-page'),
  regproduct: () => import('../features/categories/reg-product-page'),
  category: () => import('../features/categories/category-browse-page'),
  listcategory: () => import('../features/categories/list-category-page'),
  addcategory: () => import('../features/categories/add-category-page'),
  category_min: () => import('../features/categories/category-min-page'),
  settings: () => import('../features/settings/settings-page'),
  'admin-api-monitor': () => import('../features/monitor/monitor-page'),
  AIimage: () => import('../features/image-translate/image-translate-page'),
  CleanUp: () => import('../features/cleanup/cleanup-page'),
  AIpage: () => import('../features/detail-page/ai-page'),
  AIpageV2: () => import('../features/detail-page/ai-page-v2'),
  // Issue 42: the spec's three keyword screens are one screen (keywords collected on Coupang's search).
  keyword: () => import('../features/keywords/keyword-page'),
  keywordoptimize: () => import('../features/keywords/keyword-page'),
  adkeyword: () => import('../features/keywords/keyword-page'),
  // Issue 41: sales, returns, Rocket Growth stock and reorder, settlements.
  listsale: () => import('../features/sales/sales-lines-page'),
  totallistsale: () => import('../features/sales/sales-lines-page'),
  listreturns: () => import('../features/sales/returns-page'),
  growthdb: () => import('../features/sales/stock-page'),
  growthscm: () => import('../features/sales/reorder-page'),
  bookkeeping: () => import('../features/sales/bookkeeping-page'),
  growthsales: () => import('../features/sales/growth-sales-page'),
  salesstatus: () => import('../features/sales/status-page'),
  addsale: () => import('../features/sales/add-sale-page'),
  addreturn: () => import('../features/sales/add-return-page'),
  users: () => import('../features/team/users-page'),
  addusers: () => import('../features/team/add-users-page'),
  'user-auth-manager': () => import('../features/team/flag-table-page'),
  account: () => import('../features/account/account-page'),
  profile: () => import('../features/account/profile-page'),
};
