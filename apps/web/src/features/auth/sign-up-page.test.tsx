import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/app';
import { installDomShims, jsonResponse, WithMantine } from '../../app/test-utils';
import SignUpPage from './sign-up-page';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSignUp() {
  const router = createMemoryRouter(
    [
      { path: '/auth/sign-up', Component: SignUpPage },
      { path: '/dashboard', element: <p>dashboard</p> },
    ],
    { initialEntries: ['/auth/sign-up'] },
  );
  render(
    <WithMantine>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </WithMantine>,
  );
  return router;
}

const input = (label: string): HTMLInputElement => {
  const el = screen.getByLabelText(new RegExp(`^${label}`));
  if (!(el instanceof HTMLInputElement)) throw new Error(`${label} is not an input`);
  return el;
};

describe('sign-up form', () => {
  it('shows Korean messages next to each field and sends nothing while invalid', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderSignUp();
    fireEvent.click(screen.getByRole('button', { name: '가입하기' }));
    expect(await screen.findByText('회사명을(를) 입력해주세요.')).toBeTruthy();
    expect(screen.getByText('이름을(를) 입력해주세요.')).toBeTruthy();
    expect(screen.getByText('이메일을(를) 입력해주세요.')).toBeTruthy();
    expect(screen.getByText('비밀번호을(를) 입력해주세요.')).toBeTruthy();
    const company = input('회사명');
    expect(company.getAttribute('aria-invalid')).toBe('true');
    // the message is tied to the field for screen readers
    const describedBy = company.getAttribute('aria-describedby') ?? '';
    expect(
      document.getElementById(describedBy.split(' ').find((id) => id.endsWith('error')) ?? '')?.textContent,
    ).toBe('회사명을(를) 입력해주세요.');

    fireEvent.change(input('이메일'), { target: { value: 'not-an-email' } });
    fireEvent.change(input('비밀번호$|^비밀번호 \\*'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: '가입하기' }));
    expect(await screen.findByText('올바른 이메일 주소를 입력해주세요.')).toBeTruthy();
    expect(screen.getByText('비밀번호는 8자 이상이어야 합니다.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the server message for a taken email next to the email field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ code: 'email_taken', message: '이미 가입된 이메일입니다.' }, 409)),
    );
    renderSignUp();
    fireEvent.change(input('회사명'), { target: { value: '테스트상사' } });
    fireEvent.change(input('이름'), { target: { value: '김셀러' } });
    fireEvent.change(input('이메일'), { target: { value: 'taken@example.com' } });
    fireEvent.change(input('비밀번호$|^비밀번호 \\*'), { target: { value: 'long-enough-1' } });
    fireEvent.change(input('비밀번호 확인'), { target: { value: 'long-enough-1' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '가입하기' }));
    });
    expect(await screen.findByText('이미 가입된 이메일입니다.')).toBeTruthy();
    expect(input('이메일').getAttribute('aria-invalid')).toBe('true');
  });
});
