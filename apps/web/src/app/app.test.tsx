import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dismissAlert } from './alert-store';
import { App, createQueryClient } from './app';
import { appRoutes } from './router';
import { installDomShims, jsonResponse } from './test-utils';
import type { UserInfo } from './user-info';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  dismissAlert();
  vi.unstubAllGlobals();
});

const seller: UserInfo = {
  _id: 'u1',
  regdate: null,
  name: '김셀러',
  companyid: 'c1',
  companyName: '테스트상사',
  email: 'seller@example.com',
  phone: null,
  suppliercode: 'C1',
  accesshistory: [],
  auth: { showproduct: true, showRocketReg: true },
  grade: 'basic',
  expireDate: null,
  paydate: null,
  nextpayment: null,
  addAccount: false,
  version: 1,
  rocketRegSlot: 3,
  image: null,
};

/** Answers /api/loginstatus with `status` once `release` is called. */
function stubServer(status: object) {
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/loginstatus') {
        await gate;
        return jsonResponse(status);
      }
      if (url === '/api/auth/demo') return jsonResponse({ demo: false });
      return jsonResponse({ code: 'not_found', message: '없음' }, 404);
    }),
  );
  return () => act(async () => release());
}

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(<App queryClient={createQueryClient()} createRouter={() => router} />);
  return { router, view };
}

describe('app shell', () => {
  it('renders nothing until the login-status check completes', async () => {
    const release = stubServer({ loginstatus: 'Login success', userinfo: seller, dbs: [] });
    const { view } = renderAt('/dashboard');
    expect(view.container.querySelector('h1, main, nav, form')).toBeNull();
    expect(screen.queryAllByRole('heading')).toHaveLength(0);
    await release();
    expect(
      await screen.findByRole('heading', { name: '김셀러님, 안녕하세요' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('a non-success answer on a protected route is alerted and leads to sign-in', async () => {
    const release = stubServer({ loginstatus: '로그인이 필요합니다.', demo: false });
    const { router } = renderAt('/listproduct');
    await release();
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(dialog.textContent).toContain('로그인이 필요합니다.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    fireEvent.click(screen.getByRole('button', { name: '확인' }));
    expect(await screen.findByRole('heading', { name: '로그인' })).toBeTruthy();
  });

  it('/auth pages work without login and alert nothing', async () => {
    const release = stubServer({ loginstatus: '로그인이 필요합니다.', demo: false });
    const { router } = renderAt('/auth/sign-up');
    await release();
    expect(await screen.findByRole('heading', { name: '회원가입' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/auth/sign-up');
  });

  it('a seller without showdeveloper on /AIimage sees a page naming the missing flag (issue 42)', async () => {
    const release = stubServer({ loginstatus: 'Login success', userinfo: seller, dbs: [] });
    const { router } = renderAt('/AIimage');
    await release();
    expect(
      await screen.findByRole('heading', { name: '이 화면을 열 권한이 없습니다' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('access-denied').textContent).toContain('showdeveloper');
    expect(screen.queryByText('준비 중')).toBeNull();
    // The menu stays; the address is the screen asked for.
    expect(screen.getByRole('navigation', { name: '주 메뉴' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/AIimage');
  });

  it('a staff member without showproduct sees the flag the product list needs', async () => {
    const release = stubServer({
      loginstatus: 'Login success',
      userinfo: { ...seller, auth: { makeProductName: true } },
      dbs: [],
    });
    renderAt('/listproduct');
    await release();
    const denied = await screen.findByTestId('access-denied', {}, { timeout: 5000 });
    expect(screen.getAllByTestId('denied-flag').map((b) => b.textContent)).toEqual([
      '상품 목록 (showproduct)',
    ]);
    expect(denied.textContent).toContain('상품 목록');
  });

  it('a route without its screen shows the Korean 준비 중 page inside the layout', async () => {
    const release = stubServer({ loginstatus: 'Login success', userinfo: seller, dbs: [] });
    renderAt('/listpurchases');
    await release();
    expect(await screen.findByText('준비 중')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '구매 목록' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '주 메뉴' })).toBeTruthy();
  });

  it('unknown paths show the 404 page', async () => {
    const release = stubServer({ loginstatus: '로그인이 필요합니다.' });
    renderAt('/does/not/exist');
    await release();
    expect(await screen.findByRole('heading', { name: '페이지를 찾을 수 없습니다' })).toBeTruthy();
  });
});
