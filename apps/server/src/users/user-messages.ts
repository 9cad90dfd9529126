import type { Message } from '../errors/app-error.ts';

export const USER_MESSAGES = {
  noManagement: {
    ko: '사용자 관리 권한(manageUsers)이 없습니다. 회사 소유자에게 요청하세요.',
    en: 'You lack the user-management flag (manageUsers). Ask the company owner.',
  },
  notYours: (flags: string[]): Message => ({
    ko: `가지고 있지 않은 권한은 줄 수 없습니다: ${flags.join(', ')}`,
    en: `You cannot give flags you do not hold: ${flags.join(', ')}`,
  }),
  emailTaken: { ko: '이미 가입된 이메일입니다.', en: 'This email is already registered.' },
  tooManyInvitations: (max: number): Message => ({
    ko: `열려 있는 초대는 최대 ${max}개입니다. 쓰지 않은 초대가 만료된 뒤 다시 초대하세요.`,
    en: `At most ${max} invitations can be open. Invite again once unused ones expire.`,
  }),
  invited: (email: string): Message => ({
    ko: `${email} 주소로 초대 메일을 보냈습니다.`,
    en: `An invitation was sent to ${email}.`,
  }),
  userNotFound: { ko: '이 회사에 그런 사용자가 없습니다.', en: 'No such user in this company.' },
  ownerFixed: {
    ko: '회사 소유자의 권한과 활성 상태는 바꿀 수 없습니다.',
    en: "The company owner's flags and activity cannot be changed.",
  },
  selfDeactivate: {
    ko: '자기 자신은 비활성화할 수 없습니다.',
    en: 'You cannot deactivate yourself.',
  },
  updated: { ko: '사용자 권한을 저장했습니다.', en: "The user's flags were saved." },
  deactivated: {
    ko: '사용자를 비활성화했습니다. 로그인과 토큰이 바로 막힙니다.',
    en: 'The user was deactivated: their sign-ins and tokens stop at once.',
  },
  reactivated: { ko: '사용자를 다시 활성화했습니다.', en: 'The user was reactivated.' },
  invitationInvalid: {
    ko: '초대 링크가 유효하지 않거나 만료되었거나 이미 사용되었습니다. 초대한 분께 다시 요청하세요.',
    en: 'The invitation link is invalid, expired or already used. Ask for a new one.',
  },
  passwordRule: {
    ko: '비밀번호는 8자 이상이어야 합니다.',
    en: 'The password must be at least 8 characters.',
  },
} as const;
