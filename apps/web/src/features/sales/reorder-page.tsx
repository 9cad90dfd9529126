import { StockScreen } from './stock-page';

/** 재주문 제안 (growthscm; issue 41): the stock screen, the items to reorder first. */
export default function ReorderPage() {
  return <StockScreen reorder />;
}
