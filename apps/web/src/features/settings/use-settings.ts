import {
  GetSettingsResponse,
  RepriceAllResponse,
  SaveSettingResponse,
  type SettingsView,
} from '@rr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { errorText, get, post, savingAs } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import { pricingChanged, toEntry, toForm } from './settings-form';
import { initialSettingsState, settingsReducer } from './settings-state';
import { type SettingsForm, validateSettings } from './validate';

/**
 * The settings screen's state machine (`settings-state.ts`) wired to its calls: the stored settings
 * (a query), the save and the reprice of every product (mutations).
 */
export function useSettings() {
  const { t } = useProductsT();
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => get('/api/settings', GetSettingsResponse, signal),
  });
  const stored = q.data?.settings[0];
  const [state, dispatch] = useReducer(settingsReducer, initialSettingsState);

  useEffect(() => {
    if (stored) dispatch({ type: 'loaded', form: toForm(stored) });
  }, [stored]);

  const saveCall = useMutation({
    mutationFn: (v: { form: SettingsForm; stored: SettingsView }) =>
      savingAs(
        'settingsSaveFailed',
        post('/api/savesetting', SaveSettingResponse, { settings: [toEntry(v.form, v.stored)] }),
      ),
    onMutate: () => dispatch({ type: 'saving' }),
    onSuccess: (res, v) => {
      const next = res.settings[0];
      if (next) queryClient.setQueryData<GetSettingsResponse>(['settings'], { settings: res.settings });
      dispatch({
        type: 'saved',
        form: next ? toForm(next) : v.form,
        message: t('settings.saved'),
        pricingChanged: next ? pricingChanged(v.stored, next) : false,
      });
    },
    onError: (e) => dispatch({ type: 'saveFailed', message: errorText(e) }),
  });

  const repriceCall = useMutation({
    mutationFn: () => post('/api/workflow/reprice-all', RepriceAllResponse, {}),
    onMutate: () => dispatch({ type: 'repricing' }),
    onSuccess: (res) => {
      dispatch({ type: 'repriced', message: res.message });
      // Lists and open product pages show the new prices.
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    },
    onError: (e) => dispatch({ type: 'repriceFailed', message: errorText(e) }),
  });

  function save() {
    const { form } = state;
    if (!form || !stored) return;
    const errors = validateSettings(form);
    if (Object.keys(errors).length) dispatch({ type: 'invalid', errors, message: t('settings.fixErrors') });
    else saveCall.mutate({ form, stored });
  }

  return {
    state,
    dispatch,
    loadError: q.error,
    loaded: stored !== undefined,
    save,
    repriceAll: () => repriceCall.mutate(),
  };
}
