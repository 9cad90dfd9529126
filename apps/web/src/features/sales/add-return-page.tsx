import { ManualEntry } from './manual-entry';

/** addreturn (issue 41): a return outside Coupang. */
export default function AddReturnPage() {
  return <ManualEntry kind="return" />;
}
