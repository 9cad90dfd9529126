import { RocketProduct } from '@rr/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { installDomShims, WithMantine } from '../../app/test-utils';
import { CoupangRegistrationSection } from './coupang-registration-section';

beforeAll(installDomShims);
afterEach(cleanup);

function show(coupangRegistration: unknown) {
  const product = RocketProduct.parse({ _id: 'p1', registrationId: 'R1', options: [], coupangRegistration });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <WithMantine>
        <CoupangRegistrationSection p={product} />
      </WithMantine>
    </QueryClientProvider>,
  );
}

const NEVER_SENT = {
  status: 'failed',
  sellerProductId: null,
  statusName: '',
  reasons: [],
  requestedAt: null,
  checkedAt: null,
  attempts: [],
  refusal: { at: '2026-11-25T10:00:00.000Z', message: '사전점검 오류 2건: 대표이미지에 글자가 있습니다.' },
};

it('a product the register task did not send says why, and offers to register (not to re-send)', () => {
  show(NEVER_SENT);
  expect(screen.getByTestId('coupang-refusal').textContent).toBe(
    '쿠팡에 보내지 않았습니다: 사전점검 오류 2건: 대표이미지에 글자가 있습니다.',
  );
  expect(screen.queryByText('아직 쿠팡에 보내지 않았습니다.')).toBeNull();
  expect(screen.getByTestId('coupang-send').textContent).toBe('쿠팡에 등록');
});

it('a product never tried says it was not sent yet', () => {
  show(undefined);
  expect(screen.getByText('아직 쿠팡에 보내지 않았습니다.')).toBeTruthy();
  expect(screen.queryByTestId('coupang-refusal')).toBeNull();
});
