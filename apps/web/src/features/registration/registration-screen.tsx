import { useSearchParams } from 'react-router';
import { ProductPage } from '../products/ProductPage';
import { RegistrationPage } from './RegistrationPage';

/** AIRocketReg: the registration table, or one product when `?product=<id>` is in the address. */
export default function RegistrationScreen() {
  const [params] = useSearchParams();
  const id = params.get('product');
  return id ? <ProductPage productId={id} /> : <RegistrationPage />;
}
