/**
 * The terms of service and the privacy policy (PRODUCT §1). They exist in Korean only: the Korean
 * text is the binding one, so it is content, not a translation resource; other languages show a notice
 * above it (LegalPage.tsx). Dates are ISO days in Korean time, shown as written.
 *
 * A document is a list of revisions. A revision is shown from its announcement (공고) and is in force from its
 * effective day (시행); until then the page gives notice of it and lets it be read (docs/ACCOUNTS.md, "The
 * legal documents and their revisions").
 */

import type { SiteInfo } from '@sori/contract';
import { CONSENT_VERSIONS, LICENCE_SCOPE_LABELS, LICENCE_SCOPES, LICENCE_TERMS } from '@sori/contract';

export interface LegalSection {
  /** An anchor other pages link to (`/terms#licence`). */
  id?: string;
  /** None for a document's opening paragraph. */
  heading?: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
}

/** One text of a document and when it holds. */
export interface LegalRevision {
  /** The day it takes effect (시행일자): the version a member agrees to when it is a consent's document. */
  effectiveOn: string;
  /**
   * The day it was announced (공고일자), from which the page gives notice of it; null for the revisions made
   * before revisions were announced on the page, which took effect as announced nowhere else.
   */
  announcedOn: string | null;
  /** What it changes (주요 개정 내용), for the notice; empty for the first text. */
  changes: readonly string[];
  sections: readonly LegalSection[];
}

export interface LegalDocument {
  /** The first text's announcement and effective dates (PRODUCT §1). */
  announcedOn: string;
  effectiveOn: string;
  /** Oldest first; the first revision is the text in force when revisions began to be kept. */
  revisions: readonly LegalRevision[];
}

/** What the page can show on a given day. */
export interface LegalTimeline {
  /** The revision in force. */
  current: LegalRevision;
  /** An announced revision not yet in force, of which the page gives notice; null when none. */
  upcoming: LegalRevision | null;
  /** Every revision that can be read (announced by `today`), newest first, each with the day it ended. */
  readable: readonly { revision: LegalRevision; until: string | null }[];
}

const dayBefore = (iso: string): string => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/** The document on `today` (an ISO day): which revision holds, which is announced, which can be read. */
export function timelineOn(document: LegalDocument, today: string): LegalTimeline {
  // The first revision is always there to show, even on a day before it (a clock set wrong).
  const [first, ...later] = document.revisions;
  const announced = [first!, ...later.filter((r) => (r.announcedOn ?? r.effectiveOn) <= today)];
  const inForce = announced.filter((r) => r.effectiveOn <= today);
  const current = inForce[inForce.length - 1] ?? first!;
  const upcoming = announced.find((r) => r !== current && r.effectiveOn > today) ?? null;
  const readable = announced
    .map((revision, i) => ({ revision, until: i + 1 < announced.length ? dayBefore(announced[i + 1]!.effectiveOn) : null }))
    .reverse();
  return { current, upcoming, readable };
}

export const TERMS_KO: LegalDocument = {
  announcedOn: '2024-04-17',
  effectiveOn: '2024-04-24',
  revisions: [
    {
      effectiveOn: CONSENT_VERSIONS.terms,
      announcedOn: null,
      changes: [],
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
    },
  ],
};

/** The privacy policy's text in force from 2026-11-26 until the revision below; kept so that it can be read. */
const PRIVACY_2026_11_26: readonly LegalSection[] = [
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
];

/**
 * The day the first revision with the PIPA art. 30 sections was announced, and the day it takes effect: 30 days
 * later, as the policy asks for a change that matters to members' rights, since it names for the first time
 * what is generated and collected as the service is used (the access log, the sessions, the language).
 */
export const PRIVACY_REVISION_ANNOUNCED = '2026-12-07';
export const PRIVACY_REVISION_EFFECTIVE = '2027-01-06';

/**
 * The policy as PIPA art. 30 and its decree (art. 31) ask a Korean service to write it, and as the Personal
 * Information Protection Commission's guide orders it: purposes, items, retention, destruction, provision to
 * others, what the licence page shows, entrusted processing, the member's rights and how to use them, safety
 * measures, what the browser keeps, the privacy officer, where to seek redress, and changes. The officer and
 * the entrusted companies are the deployment's (`config/site.json`).
 */
function privacy2026_12_14(site: SiteInfo): readonly LegalSection[] {
  const officer = site.privacyOfficer;
  return [
    {
      paragraphs: [
        `${site.companyName}(이하 "회사")는 「개인정보 보호법」 제30조에 따라 정보주체의 개인정보를 보호하고 이와 관련한 고충을 신속하고 원활하게 처리할 수 있도록 다음과 같이 개인정보처리방침을 수립·공개합니다.`,
      ],
    },
    {
      heading: '제1조 (개인정보의 처리 목적)',
      paragraphs: [
        '회사는 다음의 목적을 위하여 개인정보를 처리합니다. 처리한 개인정보는 다음의 목적 외의 용도로는 이용하지 않으며, 이용 목적이 바뀌는 경우에는 「개인정보 보호법」 제18조에 따라 별도의 동의를 받는 등 필요한 조치를 하겠습니다.',
      ],
      items: [
        '회원 가입과 관리: 회원 식별, 가입 의사 확인, 비밀번호 재설정, 회원 탈퇴 처리',
        '서비스 제공: 이용권(플랜)에 따른 음원 검색·미리 듣기·다운로드·업로드, 좋아요와 플레이리스트',
        '음원 라이선스 발급과 확인: 라이선스 발급, 라이선스 확인 페이지 제공, 등록한 채널의 저작권 확인',
        '이용권 구매, 결제와 환불 처리',
        '공지 사항 전달, 문의 응대와 분쟁 처리',
        '이벤트·혜택 정보 안내(수신에 동의한 회원만 해당)',
        '부정 이용 방지와 서비스 보안',
      ],
    },
    {
      heading: '제2조 (처리하는 개인정보의 항목)',
      items: [
        '필수 항목: 이메일 주소(로그인 아이디로 사용), 비밀번호, 이름(실명), 휴대전화 번호',
        '선택 항목: 소속, 이벤트·혜택 정보 수신 동의 여부',
        '채널을 등록한 회원: 채널의 플랫폼과 주소',
        '회사는 만 14세 미만 아동의 회원 가입을 받지 않으며, 가입할 때 만 14세 이상임을 확인합니다. 따라서 만 14세 미만 아동의 개인정보는 처리하지 않습니다.',
        '서비스 이용 과정에서 자동으로 생성되어 수집되는 정보: 접속 기록(접속 IP 주소, 접속 일시, 요청한 주소, 브라우저 정보), 기기별 로그인 세션, 서비스 언어 설정, 음원 다운로드와 라이선스 발급 기록',
      ],
    },
    {
      heading: '제3조 (개인정보의 처리 및 보유 기간)',
      paragraphs: [
        '회사는 회원 탈퇴 시까지 개인정보를 보유·이용하며, 탈퇴하면 지체 없이 파기합니다. 다만 관계 법령에 따라 보존해야 하는 정보와 라이선스 기록은 다음 기간 동안 보관합니다.',
      ],
      items: [
        '계약 또는 청약 철회 등에 관한 기록: 5년(「전자상거래 등에서의 소비자보호에 관한 법률」)',
        '대금 결제 및 재화 등의 공급에 관한 기록: 5년(「전자상거래 등에서의 소비자보호에 관한 법률」)',
        '소비자의 불만 또는 분쟁 처리에 관한 기록: 3년(「전자상거래 등에서의 소비자보호에 관한 법률」)',
        '웹사이트 방문 기록(접속 로그): 3개월(「통신비밀보호법」)',
        '발급된 음원 라이선스 기록: 계약에 관한 기록으로 5년. 회원이 탈퇴하면 라이선스에 적힌 이름과 이메일 주소는 가명 처리하여 라이선스 확인에 필요한 범위에서만 보관합니다.',
      ],
    },
    {
      heading: '제4조 (개인정보의 파기 절차 및 방법)',
      items: [
        '회사는 보유 기간이 지나거나 처리 목적을 달성한 개인정보를 지체 없이 파기합니다. 회원이 탈퇴하면 계정 정보, 로그인 세션, 좋아요, 플레이리스트, 다운로드 이력, 동의 내역, 등록한 채널과 업로드한 음원을 즉시 삭제하며, 접속 기록은 제3조의 보관 기간(3개월)이 지나면 삭제합니다.',
        '관계 법령에 따라 보존해야 하는 정보는 다른 개인정보와 분리하여 보관하며, 보존 목적 외에는 이용하지 않습니다.',
        '전자적 파일 형태의 정보는 기록을 재생할 수 없는 기술적 방법으로 삭제하며, 보관 기간이 지난 접속 기록은 날짜별 기록 파일 단위로 삭제합니다.',
      ],
    },
    {
      heading: '제5조 (개인정보의 제3자 제공)',
      paragraphs: [
        '회사는 개인정보를 제1조에서 밝힌 목적의 범위에서만 처리하며, 정보주체의 동의나 법률의 특별한 규정 등 「개인정보 보호법」 제17조와 제18조에 해당하는 경우에만 제3자에게 제공합니다. 현재 회사가 제3자에게 제공하는 개인정보는 없습니다. 다만 회원이 발급받은 라이선스를 확인할 수 있도록 제6조의 정보를 일부 가려서 공개합니다.',
      ],
    },
    {
      id: 'licence-page',
      heading: '제6조 (라이선스 확인 페이지에 공개되는 정보)',
      paragraphs: [
        '라이선스는 누구나 그 효력을 확인할 수 있어야 하므로, 이용약관 제8조에 따라 라이선스 번호를 아는 사람은 누구나 라이선스 확인 페이지에서 다음 정보를 볼 수 있습니다. 이는 회원이 라이선스를 발급받으면서 이용약관에 따라 정해지는 라이선스의 내용입니다.',
        '탈퇴한 회원의 라이선스에는 "탈퇴한 회원"이라는 표시와 가명만 나타납니다.',
      ],
      items: [
        '라이선스를 받은 회원의 이름과 이메일 주소: 일부를 가려서 표시합니다(예: 김**, ev***@example.com).',
        '라이선스를 받은 회원이 저작권 확인을 위해 등록한 채널의 플랫폼과 주소',
      ],
    },
    {
      heading: '제7조 (개인정보 처리업무의 위탁)',
      ...(site.privacyProcessors.length === 0
        ? {
            paragraphs: [
              '회사는 현재 개인정보 처리업무를 외부에 위탁하지 않습니다. 위탁하게 되면 위탁받는 자(수탁자)와 위탁하는 업무의 내용을 이 개인정보처리방침으로 알려드립니다.',
            ],
          }
        : {
            paragraphs: [
              '회사는 서비스 제공을 위해 다음과 같이 개인정보 처리업무를 위탁하고 있습니다.',
              '회사는 위탁 계약을 맺을 때 「개인정보 보호법」 제26조에 따라 위탁업무 수행 목적 외 개인정보 처리 금지, 안전성 확보 조치, 재위탁 제한, 수탁자에 대한 관리·감독, 손해배상 등 책임에 관한 사항을 계약서 등 문서에 명시하고, 수탁자가 개인정보를 안전하게 처리하는지 감독합니다.',
            ],
            items: site.privacyProcessors.map((p) => `${p.name}: ${p.task}`),
          }),
    },
    {
      id: 'rights',
      heading: '제8조 (정보주체의 권리·의무 및 행사 방법)',
      items: [
        '회원은 언제든지 자신의 개인정보를 열람하거나 정정·삭제, 처리정지를 요구할 수 있고, 개인정보 처리에 관한 동의를 철회할 수 있습니다.',
        '회원은 "내 계정" 화면에서 직접 이 권리를 행사할 수 있습니다. 이름, 휴대전화 번호와 소속은 프로필에서 고칠 수 있고, "내 정보 내려받기"로 계정에 저장된 자신의 정보(회원 정보, 동의 내역, 등록한 채널, 라이선스, 좋아요, 다운로드 이력, 플레이리스트, 업로드, 로그인 세션)를 파일로 받아 볼 수 있으며, 이벤트·혜택 정보 수신 동의는 언제든 철회할 수 있고, 회원 탈퇴로 개인정보의 삭제를 요구할 수 있습니다.',
        '접속 기록의 열람 등 그 밖의 요구는 제11조의 개인정보 보호책임자에게 이메일 등 서면으로 할 수 있으며, 회사는 요구를 받은 날부터 10일 이내에 조치하고 그 결과를 알려드립니다.',
        '권리 행사는 법정대리인이나 위임을 받은 사람 등 대리인을 통해서도 할 수 있습니다. 이 경우 「개인정보 처리 방법에 관한 고시」 별지 제11호 서식에 따른 위임장을 제출해야 합니다.',
        '다른 법령에서 수집 대상으로 명시한 개인정보는 삭제를 요구할 수 없으며, 법률에 특별한 규정이 있는 경우 등에는 열람과 처리정지 요구가 제한될 수 있습니다. 이 경우 회사는 그 사유를 알려드립니다.',
        '회원은 자신의 개인정보를 최신 상태로 정확하게 유지해야 하며, 부정확한 정보를 입력하여 생긴 문제의 책임은 회원에게 있습니다.',
      ],
    },
    {
      heading: '제9조 (개인정보의 안전성 확보 조치)',
      paragraphs: ['회사는 개인정보의 안전성 확보를 위해 다음과 같은 조치를 하고 있습니다.'],
      items: [
        '비밀번호는 복호화할 수 없도록 일방향 암호화(argon2id)하여 저장하며, 회사도 회원의 비밀번호를 알 수 없습니다.',
        '로그인은 기기별 세션으로 관리하며, 비밀번호를 바꾸거나 재설정하면 다른 기기에서는 모두 로그아웃됩니다.',
        '로그인, 비밀번호 변경 등의 반복 시도를 제한하여 부정 이용을 막습니다.',
        '접속 기록에는 비밀번호와 인증 토큰을 남기지 않으며, 접속 기록은 3개월 동안 보관합니다.',
        '개인정보를 처리하는 사람을 최소한으로 제한하고, 개인정보에 접근할 수 있는 권한을 관리합니다.',
      ],
    },
    {
      heading: '제10조 (개인정보 자동 수집 장치의 설치·운영 및 거부)',
      items: [
        '회사는 쿠키(cookie)를 사용하지 않습니다.',
        '로그인 상태와 화면 설정(언어, 화면 테마)은 이용자가 사용하는 브라우저의 저장소(localStorage)에 보관됩니다. 이 중 서비스 언어는 회원이 로그인하면 계정에도 저장되어 메일을 그 언어로 보내는 데 쓰이며, 화면 테마는 회사의 서버로 수집되지 않습니다.',
        '이용자는 브라우저 설정에서 이 사이트의 데이터를 삭제하여 브라우저에 보관된 정보를 지울 수 있습니다. 이 경우 로그아웃되며, 화면 설정은 처음 상태로 돌아갑니다.',
      ],
    },
    {
      id: 'officer',
      heading: '제11조 (개인정보 보호책임자)',
      paragraphs: [
        '회사는 개인정보 처리에 관한 업무를 총괄하여 책임지고, 개인정보 처리와 관련한 회원의 불만 처리와 피해 구제를 위해 다음과 같이 개인정보 보호책임자를 지정하고 있습니다. 개인정보 보호에 관한 문의, 불만 처리, 피해 구제와 권리 행사는 개인정보 보호책임자에게 연락해 주세요.',
      ],
      items: [`성명: ${officer.name}`, `직책: ${officer.position}`, `이메일: ${officer.email}`, `전화: ${officer.phone}`],
    },
    {
      heading: '제12조 (권익침해 구제 방법)',
      paragraphs: ['회원은 개인정보 침해로 인한 구제를 받기 위해 다음 기관에 분쟁 해결이나 상담 등을 신청할 수 있습니다.'],
      items: [
        '개인정보분쟁조정위원회: (국번 없이) 1833-6972, www.kopico.go.kr',
        '개인정보침해신고센터: (국번 없이) 118, privacy.kisa.or.kr',
        '대검찰청: (국번 없이) 1301, www.spo.go.kr',
        '경찰청: (국번 없이) 182, ecrm.police.go.kr',
      ],
    },
    {
      heading: '제13조 (개인정보처리방침의 변경)',
      paragraphs: [
        '이 개인정보처리방침의 내용을 추가, 삭제 또는 수정하는 경우 시행일 7일 전부터 이 페이지와 서비스 공지 사항을 통해 알려드립니다. 다만 수집 항목이나 이용 목적의 변경 등 회원의 권리에 중요한 변경이 있는 경우에는 시행일 30일 전부터 알려드립니다. 이전의 개인정보처리방침은 이 페이지에서 시행일자를 골라 볼 수 있습니다.',
      ],
    },
    {
      heading: '부칙',
      paragraphs: [
        '이 개인정보처리방침은 2024년 4월 17일에 공고되었으며, 2024년 4월 24일부터 시행합니다.',
        '채널 주소와 이벤트·혜택 정보 수신 동의 여부에 관한 내용은 2026년 11월 26일부터 시행합니다.',
        '이 개정 개인정보처리방침은 2026년 12월 7일에 공고되었으며, 2027년 1월 6일부터 시행합니다.',
      ],
    },
  ];
}

/** The privacy policy with the deployment's officer and entrusted companies. */
export function privacyPolicy(site: SiteInfo): LegalDocument {
  return {
    announcedOn: '2024-04-17',
    effectiveOn: '2024-04-24',
    revisions: [
      { effectiveOn: '2026-11-26', announcedOn: null, changes: [], sections: PRIVACY_2026_11_26 },
      {
        effectiveOn: PRIVACY_REVISION_EFFECTIVE,
        announcedOn: PRIVACY_REVISION_ANNOUNCED,
        changes: [
          '개인정보의 파기 절차와 방법, 제3자 제공, 처리업무의 위탁을 새로 밝혔습니다.',
          '라이선스 확인 페이지에 공개되는 정보(일부를 가린 이름과 이메일 주소, 등록한 채널)를 밝혔습니다.',
          '회원의 권리와 그 행사 방법("내 계정"에서 직접 하는 방법과 개인정보 보호책임자에게 요구하는 방법)을 새로 밝혔습니다.',
          '개인정보 보호책임자와 권익침해 구제 방법을 새로 밝혔습니다.',
          '만 14세 미만 아동의 가입을 받지 않으며 가입할 때 만 14세 이상임을 확인한다는 점을 밝혔습니다.',
          '안전성 확보 조치와 브라우저에 보관되는 정보(쿠키를 사용하지 않음)를 자세히 밝혔습니다.',
          '서비스 이용 과정에서 자동으로 생성되어 수집되는 정보(접속 기록, 기기별 로그인 세션, 서비스 언어 설정)와 처리 목적(비밀번호 재설정, 이벤트·혜택 정보 안내, 부정 이용 방지와 서비스 보안)을 새로 밝혔습니다. 회원의 권리에 중요한 변경이므로 시행 30일 전에 알려드립니다.',
        ],
        sections: privacy2026_12_14(site),
      },
    ],
  };
}
