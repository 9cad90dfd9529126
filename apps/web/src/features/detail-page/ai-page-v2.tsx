import { DetailPageScreen } from './detail-page-screen';

/** /AIpageV2 */
export default function AiPageV2() {
  return <DetailPageScreen variant="v2" />;
}
