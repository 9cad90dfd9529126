import { SalesLinesScreen } from './sales-lines-page';

/** 로켓그로스 판매 (growthsales; issue 41): the lines screen on Rocket Growth orders. */
export default function GrowthSalesPage() {
  return <SalesLinesScreen channel="ROCKET_GROWTH" />;
}
