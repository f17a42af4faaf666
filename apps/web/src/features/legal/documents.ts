/**
 * The terms of service and the privacy policy (PRODUCT §1). They exist in Korean only: the Korean
 * text is the binding one, so it is content, not a translation resource; other languages show a notice
 * above it (LegalPage.tsx). Dates are ISO strings shown as written.
 */

import { CONSENT_VERSIONS, LICENCE_SCOPE_LABELS, LICENCE_SCOPES, LICENCE_TERMS } from '@sori/contract';

export interface LegalSection {
  /** An anchor other pages link to (`/terms#licence`). */
  id?: string;
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
}

export interface LegalDocument {
  /** The first text's announcement and effective dates (PRODUCT §1). */
  announcedOn: string;
  effectiveOn: string;
  /**
   * When the text shown took effect: the version a member agrees to (the contract's `CONSENT_VERSIONS`, which
   * the account page names too). Later than `effectiveOn` once the document has been revised; its 부칙 say what.
   */
  currentSince: string;
  sections: readonly LegalSection[];
}

export const TERMS_KO: LegalDocument = {
  announcedOn: '2024-04-17',
  effectiveOn: '2024-04-24',
  currentSince: CONSENT_VERSIONS.terms,
  sections: [
    {
      heading: '제1조 (목적)',
      paragraphs: [
        '이 약관은 회사가 운영하는 음원 라이브러리 서비스 "소리(Sori)"(이하 "서비스")의 이용과 관련하여 회사와 회원 사이의 권리, 의무 및 책임 사항과 그 밖에 필요한 사항을 정하는 것을 목적으로 합니다.',
      ],
    },
    {
      heading: '제2조 (회원 가입)',
      items: [
        '회원 가입은 이용자가 약관에 동의하고 회사가 정한 양식에 따라 이메일, 비밀번호, 이름, 휴대전화 번호를 입력하여 신청하고, 회사가 이를 승낙함으로써 성립합니다.',
        '회원은 가입 시 입력한 정보가 변경된 경우 지체 없이 수정해야 하며, 수정하지 않아 생긴 불이익은 회원이 부담합니다.',
        '회원은 언제든지 탈퇴를 요청할 수 있으며, 회사는 관계 법령이 정한 바에 따라 즉시 처리합니다.',
      ],
    },
    {
      heading: '제3조 (구매 신청)',
      items: [
        '회원은 서비스에서 이용권(플랜)을 선택하고 결제 수단을 지정하여 구매를 신청합니다.',
        '회사는 구매 신청 내용을 확인한 뒤 이용권을 부여하며, 이용권에 따라 음원 다운로드 등 이용 범위가 달라집니다.',
      ],
    },
    {
      heading: '제4조 (결제 방법)',
      paragraphs: ['이용 대금은 다음 중 회사가 제공하는 방법으로 지급할 수 있습니다.'],
      items: [
        '신용카드 및 체크카드 결제',
        '계좌 이체 및 무통장 입금',
        '휴대전화 소액 결제',
        '그 밖에 회사가 정하여 안내하는 전자 결제 수단',
      ],
    },
    {
      heading: '제5조 (청약 철회 및 환불)',
      items: [
        '유료 서비스를 구매한 회원은 구매일로부터 7일 이내에 다운로드 등 서비스를 이용하지 않은 경우 청약을 철회할 수 있습니다.',
        '음원을 다운로드하는 등 서비스를 이미 이용한 경우에는 디지털 콘텐츠의 특성상 청약 철회가 제한됩니다.',
        '환불은 청약 철회 요청을 확인한 날로부터 3영업일 이내에 결제한 수단으로 진행합니다.',
      ],
    },
    {
      heading: '제6조 (개인정보 보호)',
      paragraphs: [
        '회사는 관계 법령이 정하는 바에 따라 회원의 개인정보를 보호하기 위해 노력하며, 개인정보의 수집과 이용에 관한 사항은 별도의 개인정보처리방침에 따릅니다.',
      ],
    },
    {
      heading: '제7조 (분쟁 해결)',
      items: [
        '회사는 회원이 제기하는 의견이나 불만을 신속하게 처리하며, 처리에 시간이 걸리는 경우 그 사유와 일정을 알려드립니다.',
        '서비스 이용과 관련하여 분쟁이 생긴 경우 회사와 회원은 원만한 해결을 위해 성실히 협의합니다.',
        '협의로 해결되지 않는 분쟁은 민사소송법에 따른 관할 법원에 제기할 수 있으며, 대한민국 법을 적용합니다.',
      ],
    },
    {
      id: 'licence',
      heading: '제8조 (음원 이용 라이선스)',
      items: [
        '회원이 이용 등급에 따라 음원을 내려받으면 회사는 그 회원에게 해당 음원 파일에 대한 라이선스를 발급하며, 라이선스 번호와 전자서명이 담긴 라이선스 기록은 누구나 라이선스 확인 페이지에서 확인할 수 있습니다.',
        ...LICENCE_SCOPES.map((scope, i) => `이용 범위 ${i + 1}: ${LICENCE_SCOPE_LABELS[scope].ko}.`),
        '라이선스는 발급받은 회원 본인에게만 효력이 있으며, 음원 파일 자체를 재배포하거나 판매하는 것은 허락되지 않습니다.',
        '회사는 결제 취소, 권리 분쟁 등 정당한 사유가 있으면 라이선스를 취소할 수 있으며, 취소된 라이선스는 취소 일시와 사유와 함께 확인 페이지에 표시됩니다.',
        '라이선스 기록은 음원이 비공개로 바뀌거나 회원이 탈퇴한 뒤에도 관계 법령과 개인정보처리방침에 따라 보관되며, 탈퇴한 회원의 정보는 가명 처리됩니다.',
      ],
    },
    {
      heading: '부칙',
      paragraphs: [
        '이 약관은 2024년 4월 17일에 공지되었으며, 2024년 4월 24일부터 시행합니다.',
        `제8조(음원 이용 라이선스)는 ${LICENCE_TERMS.version.replace(/^(\d{4})-(\d{2})-(\d{2})$/u, (_, y: string, m: string, d: string) => `${y}년 ${Number(m)}월 ${Number(d)}일`)}부터 시행합니다.`,
      ],
    },
  ],
};

export const PRIVACY_KO: LegalDocument = {
  announcedOn: '2024-04-17',
  effectiveOn: '2024-04-24',
  currentSince: CONSENT_VERSIONS.privacy,
  sections: [
    {
      heading: '1. 수집하는 개인정보 항목',
      paragraphs: ['회사는 회원 가입과 서비스 제공을 위해 다음의 개인정보를 수집합니다.'],
      items: [
        '실명(이름)',
        '이메일 주소(로그인 아이디로 사용)',
        '비밀번호',
        '휴대전화 번호',
        '소속(선택 입력)',
        '채널 주소(채널을 등록한 회원만 해당하며, 저작권 확인을 위해 그 회원의 라이선스 확인 페이지에 공개됩니다)',
        '이벤트·혜택 정보 수신 동의 여부(선택)',
      ],
    },
    {
      heading: '2. 개인정보의 수집 및 이용 목적',
      items: [
        '회원 식별, 가입 의사 확인 및 회원 관리',
        '이용권 구매, 결제 및 환불 처리',
        '음원 다운로드 이력 관리와 라이선스 확인',
        '공지 사항 전달, 문의 응대 및 분쟁 처리',
      ],
    },
    {
      heading: '3. 개인정보의 보유 및 이용 기간',
      paragraphs: [
        '회사는 회원 탈퇴 시 개인정보를 지체 없이 파기합니다. 다만 관계 법령에 따라 보존해야 하는 정보는 다음 기간 동안 보관합니다.',
      ],
      items: [
        '계약 또는 청약 철회 등에 관한 기록: 5년',
        '대금 결제 및 재화 등의 공급에 관한 기록: 5년',
        '소비자의 불만 또는 분쟁 처리에 관한 기록: 3년',
        '웹사이트 방문 기록(접속 로그): 3개월',
      ],
    },
    {
      heading: '4. 개인정보의 안전성 확보 조치',
      paragraphs: ['비밀번호는 복호화할 수 없는 방식으로 암호화하여 저장하며, 개인정보에 대한 접근 권한을 최소한의 인원으로 제한합니다.'],
    },
    {
      heading: '5. 개인정보처리방침의 변경',
      paragraphs: [
        '이 개인정보처리방침의 내용을 추가, 삭제 또는 수정하는 경우 시행일 7일 전부터 서비스 공지 사항을 통해 알려드립니다. 다만 수집 항목이나 이용 목적의 변경 등 회원의 권리에 중요한 변경이 있는 경우에는 시행일 30일 전부터 알려드립니다.',
      ],
    },
    {
      heading: '부칙',
      paragraphs: [
        '이 개인정보처리방침은 2024년 4월 17일에 공지되었으며, 2024년 4월 24일부터 시행합니다.',
        '채널 주소와 이벤트·혜택 정보 수신 동의 여부에 관한 내용은 2026년 11월 26일부터 시행합니다. 회원 탈퇴 시 개인정보는 즉시 삭제하며, 발급된 라이선스 기록은 가명 처리하여 보관합니다.',
      ],
    },
  ],
};
