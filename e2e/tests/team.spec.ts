import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { shootAtSizes, uniqueEmail } from './helpers';

// Issue 42, "a team with roles": the owner invites a staff member (the mail in the demo outbox), the
// staff member signs up through the link, sees only the screens their flags open, gets a page naming
// the missing flag for the others, and the owner's flag change applies on the staff member's next request.

const PASSWORD = 'rocket-pass-1';

async function signUpOwner(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/signup', {
    data: { companyName: '팀상사', name: '박사장', email, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
}

const nav = (page: Page) => page.getByRole('navigation', { name: '주 메뉴' });

test('the owner invites staff by mail; the staff member joins with only the flags given; a flag change applies on the next request', async ({
  page,
  browser,
}) => {
  const ownerEmail = uniqueEmail();
  const staffEmail = uniqueEmail();
  await signUpOwner(page.request, ownerEmail);

  // The owner: the team screens are in the menu; the flag table lists each screen and its flag.
  await page.goto('/dashboard');
  await page.getByTestId('nav-group-parties').click();
  await expect(nav(page).getByRole('link', { name: '사용자', exact: true })).toBeVisible();
  await page.getByTestId('nav-group-other').click();
  await nav(page).getByRole('link', { name: '사용자 권한 관리' }).click();
  await expect(page.getByRole('heading', { name: '사용자 권한 관리' })).toBeVisible();
  await expect(page.getByTestId('flag-row-listproduct')).toContainText('showproduct');
  await expect(page.getByTestId('flag-row-settings')).toContainText('showSettings');
  await expect(page.getByTestId('flag-row-dashboard')).toContainText('모든 사용자');

  // Invite: the form's own check first, then the mail goes to the demo outbox.
  await nav(page).getByRole('link', { name: '사용자 추가' }).click();
  await page.getByTestId('invite-submit').click();
  await expect(page.getByText('이메일을 입력해주세요.')).toBeVisible();
  await page.getByTestId('invite-email').fill(staffEmail);
  await page.getByTestId('invite-name').fill('김직원');
  await expect(page.getByTestId('flag-showproduct')).toBeChecked();
  await page.getByTestId('invite-submit').click();
  await expect(page.getByTestId('invite-sent')).toHaveText(`${staffEmail} 주소로 초대 메일을 보냈습니다.`);
  const mail = page.getByTestId('outbox-mail').filter({ hasText: staffEmail });
  await expect(mail).toContainText('[로켓등록] 팀 초대');
  const link = await mail.getByTestId('outbox-link').getAttribute('href');
  expect(link).toMatch(/^\/auth\/invitation\/[A-Za-z0-9_-]{20,}$/);
  await shootAtSizes(page, 'team-invite');

  // The staff member, in their own browser: the link's page, then the sign-up.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.goto(link ?? '');
  await expect(staff.getByRole('heading', { name: '팀 초대' })).toBeVisible();
  await expect(staff.getByText(`팀상사에서 ${staffEmail} 주소로 초대했습니다.`)).toBeVisible();
  await staff.getByLabel(/^비밀번호( \*)?$/).fill(PASSWORD);
  await staff.getByLabel('비밀번호 확인').fill(PASSWORD);
  await staff.getByTestId('invitation-submit').click();
  await expect(staff).toHaveURL(/\/dashboard$/);
  await expect(staff.getByRole('heading', { name: '김직원님, 안녕하세요' })).toBeVisible();

  // Only the screens their flag opens: the product list, not registration, settings or users.
  await expect(nav(staff).getByRole('link', { name: '상품 목록' })).toBeVisible();
  await expect(staff.getByTestId('nav-group-parties')).toHaveCount(0);
  for (const hidden of ['AI 로켓 등록', '설정', '사용자 추가']) {
    await expect(nav(staff).getByRole('link', { name: hidden })).toHaveCount(0);
  }
  await nav(staff).getByRole('link', { name: '상품 목록' }).click();
  await expect(staff).toHaveURL(/\/listproduct$/);
  await expect(staff.getByTestId('access-denied')).toHaveCount(0);

  // The others: a page naming the missing flag, never the placeholder.
  await staff.goto('/settings');
  await expect(staff.getByRole('heading', { name: '이 화면을 열 권한이 없습니다' })).toBeVisible();
  await expect(staff.getByTestId('denied-flag')).toHaveText(['설정(API 키) (showSettings)']);
  await expect(staff.getByText('준비 중', { exact: true })).toHaveCount(0);
  await staff.goto('/AIRocketReg');
  await expect(staff.getByTestId('denied-flag')).toHaveText([
    '로켓 등록 (showRocketReg)',
    '개발자 도구 (showdeveloper)',
  ]);
  await shootAtSizes(staff, 'team-denied');
  // The server says the same to a call made anyway.
  const refused = await staff.request.get('/api/workflow/runs');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toContain('showRocketReg');

  // The owner gives rocket registration on the users screen.
  await page.goto('/users');
  const row = page.getByTestId(`user-row-${staffEmail}`);
  await expect(row).toContainText('상품 목록');
  await row.getByTestId('user-edit').click();
  await page.getByRole('dialog').getByTestId('flag-showRocketReg').check();
  await page.getByTestId('flags-save').click();
  await expect(page.getByTestId('users-updated')).toHaveText('사용자 권한을 저장했습니다.');
  await expect(row).toContainText('로켓 등록');

  // The staff member's very next request has it: the API at once, and the next screen they move to.
  const allowed = await staff.request.get('/api/workflow/runs');
  expect(allowed.status()).toBe(200);
  await staff.getByRole('link', { name: '대시보드로' }).click();
  await expect(staff).toHaveURL(/\/dashboard$/);
  await expect(nav(staff).getByRole('link', { name: 'AI 로켓 등록' })).toBeVisible();
  await nav(staff).getByRole('link', { name: 'AI 로켓 등록' }).click();
  await expect(staff).toHaveURL(/\/AIRocketReg$/);
  await expect(staff.getByTestId('access-denied')).toHaveCount(0);

  // Deactivated: the staff member's session ends at once.
  page.once('dialog', (d) => void d.accept());
  await row.getByTestId('user-toggle-active').click();
  await expect(row).toContainText('비활성');
  expect((await staff.request.get('/api/workflow/runs')).status()).toBe(401);
  await staffContext.close();
});

test('account and profile: the subscription shown, the password changed with the current one, another browser signed out', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail();
  await signUpOwner(page.request, email);
  const other = await browser.newContext();
  expect(
    (await other.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status(),
  ).toBe(200);

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: '계정' })).toBeVisible();
  await expect(page.getByTestId('subscription')).toContainText('로켓 등록 슬롯');
  await expect(page.getByTestId('subscription')).toContainText('basic');
  await expect(page.getByTestId('session-row')).toHaveCount(2);
  await page.getByTestId('session-revoke').click();
  await expect(page.getByText('그 브라우저의 로그인을 끝냈습니다.')).toBeVisible();
  await expect(page.getByTestId('session-row')).toHaveCount(1);
  const status = await (await other.request.post('/api/loginstatus')).json();
  expect(status.userinfo).toBeUndefined();
  await other.close();

  const form = page.getByTestId('password-form');
  await form.getByLabel('현재 비밀번호').fill('not-my-password');
  await form.getByLabel('새 비밀번호', { exact: true }).fill('another-pass-2');
  await form.getByLabel('새 비밀번호 확인').fill('another-pass-2');
  await page.getByTestId('password-submit').click();
  await expect(form.getByRole('alert')).toHaveText('현재 비밀번호가 올바르지 않습니다.');
  await form.getByLabel('현재 비밀번호').fill(PASSWORD);
  await page.getByTestId('password-submit').click();
  await expect(page.getByTestId('password-done')).toContainText('비밀번호를 바꿨습니다');
  await shootAtSizes(page, 'account');

  // Notifications: the choices are kept (a run's end in the app, a Coupang decision by mail).
  await expect(page.getByTestId('notifications')).toContainText('아직 알림이 없습니다.');
  await page.getByTestId('notify-runFinished-app').check();
  await page.getByTestId('notify-coupangDecision-mail').check();
  await page.getByTestId('notify-save').click();
  await expect(page.getByText('알림 설정을 저장했습니다.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('notify-runFinished-app')).toBeChecked();
  await expect(page.getByTestId('notify-coupangDecision-mail')).toBeChecked();
  await expect(page.getByTestId('notify-runFinished-mail')).not.toBeChecked();

  await page.goto('/profile');
  await page.getByTestId('profile-name').fill('박대표');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-saved')).toHaveText('계정 정보를 저장했습니다.');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: '박대표님, 안녕하세요' })).toBeVisible();
});
