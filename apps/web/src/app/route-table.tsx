import type { ComponentType } from 'react';
import type { MainRouteName, RouteName } from './route-catalog';

export type ScreenModule = { default: ComponentType };

/**
 * Route name → screen. A route missing here shows the "준비 중" page inside the layout.
 * A feature screen replaces its placeholder with ONE line, e.g.
 *   listproduct: () => import('../features/products/product-list-page'),
 * (the module's default export is the screen component).
 */
export const routeScreens: Partial<
  Record<MainRouteName | Extract<RouteName, `extra.${string}`>, () => Promise<ScreenModule>>
> = {
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
};
