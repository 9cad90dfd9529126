import { useQueryClient } from '@tanstack/react-query';
import { useReducer } from 'react';
import { errorText } from '../../shared/products/http';
import { download, exportRocketGrowth, exportSupplierHub, exportXlsx, PreflightStopped } from './api';
import { type ExportKind, exportMenuReducer, initialExportMenuState, stamp } from './export-menu-state';
import { useExportsT } from './i18n';
import { checkProducts, storePreflight } from './preflight-results';

function jsonBlob(value: unknown): Blob {
  return new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
}

/**
 * The export menu's state machine (`export-menu-state.ts`) wired to its calls: the pre-flight and
 * the three exports, each saving its file; an export the pre-flight stopped opens its findings.
 */
export function useExportMenu(ids: string[]) {
  const { t } = useExportsT();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(exportMenuReducer, initialExportMenuState);

  async function exportAs(kind: Exclude<ExportKind, 'preflight'>): Promise<string> {
    const at = stamp(new Date());
    if (kind === 'supplierHub') {
      const r = await exportSupplierHub(ids);
      storePreflight(queryClient, r.preflight);
      download(jsonBlob(r.drafts.length === 1 ? r.drafts[0] : r.drafts), `supplier-hub-${at}.json`);
      return t('done.supplierHub', { n: r.drafts.length });
    }
    if (kind === 'rocketGrowth') {
      const r = await exportRocketGrowth(ids);
      storePreflight(queryClient, r.preflight);
      download(jsonBlob(r.payloads.length === 1 ? r.payloads[0] : r.payloads), `rocket-growth-${at}.json`);
      return t('done.rocketGrowth', { n: r.payloads.length });
    }
    download(await exportXlsx(ids), `rocket-review-${at}.xlsx`);
    return t('done.xlsx');
  }

  async function run(kind: ExportKind) {
    dispatch({ type: 'start', kind });
    try {
      if (kind === 'preflight')
        dispatch({ type: 'preflight', products: await checkProducts(queryClient, ids) });
      else dispatch({ type: 'exported', text: await exportAs(kind) });
    } catch (e) {
      if (e instanceof PreflightStopped) {
        storePreflight(queryClient, e.preflight);
        dispatch({ type: 'preflight', products: e.preflight, notice: t('done.stopped') });
      } else dispatch({ type: 'failed', text: errorText(e) });
    }
  }

  return { state, dispatch, run };
}
