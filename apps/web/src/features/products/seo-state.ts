import type { RocketProduct } from '@rr/contracts';
import { Seo, validateManualSeo } from '@rr/domain';

// The SEO tab, pure: the product's SEO as the tab reads it, and the manual SEO form (W §2, §5): its
// fields, and what "save" sends (the name is mandatory, blank features are dropped).

export const lines = (s: string) => s.split('\n').map((x) => x.trim());
export const commaList = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** The product's SEO (the domain's defaults where a part is missing or malformed). */
export function seoOf(p: RocketProduct): Seo {
  const parsed = Seo.safeParse(p.seo ?? {});
  return parsed.success ? parsed.data : Seo.parse({});
}

export type ManualSeoForm = {
  name: string;
  keywords: string;
  description: string;
  features: string;
  /** True after a save without a name (the field shows the spec's message). */
  nameMissing: boolean;
};

export type ManualSeoAction =
  | { type: 'set'; field: 'name' | 'keywords' | 'description' | 'features'; value: string }
  | { type: 'submitted'; ok: boolean };

/** The form starts from the product's SEO. */
export const initialManualSeo = (seo: Seo): ManualSeoForm => ({
  name: seo.productName,
  keywords: seo.keywords.join(', '),
  description: seo.metaDescription,
  features: seo.features.join('\n'),
  nameMissing: false,
});

export function manualSeoReducer(state: ManualSeoForm, action: ManualSeoAction): ManualSeoForm {
  switch (action.type) {
    case 'set':
      return { ...state, [action.field]: action.value };
    case 'submitted':
      return { ...state, nameMissing: !action.ok };
  }
}

/** What the save sends for the form (null when the name is missing): the options keep their names. */
export function manualSeoBody(form: ManualSeoForm, p: RocketProduct) {
  const input = {
    productName: form.name,
    keywords: commaList(form.keywords),
    metaDescription: form.description,
    features: lines(form.features),
    options: p.options.map((o) => ({ optionNumber: o.optionNumber, korName: o.korName ?? '' })),
  };
  const checked = validateManualSeo(input);
  if (!checked.ok) return null;
  return { productId: p._id, seo: { ...input, features: checked.value.features } };
}
