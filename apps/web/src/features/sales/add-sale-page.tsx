import { ManualEntry } from './manual-entry';

/** addsale (issue 41): a sale outside Coupang. */
export default function AddSalePage() {
  return <ManualEntry kind="sale" />;
}
