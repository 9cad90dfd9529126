import type { RocketProduct } from '@rr/contracts';
import { CategorySchema } from '@rr/domain';
import { useMemo, useState } from 'react';
import { documentView } from './document-view-state';

/** The document on screen (the option the seller picked) and the category schema it is checked with. */
export function useDocumentView(p: RocketProduct) {
  const [picked, setPicked] = useState(0);
  const schemaInfo = p.rocketRegInfo?.schemaInfo;
  const schema = useMemo(() => {
    const parsed = CategorySchema.safeParse(schemaInfo);
    return parsed.success ? parsed.data : undefined;
  }, [schemaInfo]);
  return { view: documentView(p, picked, schema), pick: setPicked };
}
