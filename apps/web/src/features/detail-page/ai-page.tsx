import { DetailPageScreen } from './detail-page-screen';

/** /AIpage */
export default function AiPage() {
  return <DetailPageScreen variant="v1" />;
}
