import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteInfo } from '@sori/contract';
import { CONSENT_VERSIONS, serviceDay } from '@sori/contract';
import { configureApiClient } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { createTestI18n } from '../../test/i18n';
import { PRIVACY_REVISION_ANNOUNCED, PRIVACY_REVISION_EFFECTIVE, privacyPolicy, timelineOn } from './documents';
import PrivacyPage from './PrivacyPage';

const SITE: SiteInfo = {
  companyName: '주식회사 소리',
  representative: '김소리',
  businessNumber: '123-45-67890',
  mailOrderNumber: '제2024-서울마포-0000호',
  address: '서울특별시 마포구',
  supportEmail: 'support@sori.example',
  supportPhone: '02-000-0000',
  copyright: '© Sori',
  plans: [],
  currency: 'KRW',
  clearanceGraceDays: 14,
  mailEnabled: true,
  privacyOfficer: { name: '이소정', position: '개인정보 보호책임자', email: 'privacy@sori.example', phone: '02-000-0001' },
  privacyProcessors: [],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The page at `url`, on the given instant (only Date is faked: the queries' timers run). */
async function renderPrivacy(url: string, now: string, site: SiteInfo | null = SITE, lang: 'ko' | 'en' | 'ja' = 'ko') {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(now));
  const fetchMock = vi.fn<typeof fetch>(async () =>
    site ? json(200, { body: site }) : json(503, { code: 'UNAVAILABLE', message: 'down' }),
  );
  configureApiClient({ fetch: fetchMock, getToken: () => null, onUnauthorized: () => undefined });
  const i18n = await createTestI18n(lang);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/privacy" element={<PrivacyPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return fetchMock;
}

const article = () => document.querySelector<HTMLElement>('article[lang="ko"]');

describe('the legal documents’ revisions', () => {
  it('take effect at midnight in Korea, not in the reader’s time zone', () => {
    expect(serviceDay(new Date('2026-12-13T14:59:59Z'))).toBe('2026-12-13');
    expect(serviceDay(new Date('2026-12-13T15:00:00Z'))).toBe('2026-12-14');
  });

  it('a revision is unseen before its announcement, announced until its day, then in force with the old one readable', () => {
    const policy = privacyPolicy(SITE);
    const [first, revised] = policy.revisions;
    const before = timelineOn(policy, '2026-12-06');
    expect(before.current).toBe(first);
    expect(before.upcoming).toBeNull();
    expect(before.readable.map((r) => r.revision)).toEqual([first]);

    const announced = timelineOn(policy, PRIVACY_REVISION_ANNOUNCED);
    expect(announced.current).toBe(first);
    expect(announced.upcoming).toBe(revised);
    expect(announced.readable).toEqual([
      { revision: revised, until: null },
      { revision: first, until: '2027-01-05' },
    ]);

    const inForce = timelineOn(policy, PRIVACY_REVISION_EFFECTIVE);
    expect(inForce.current).toBe(revised);
    expect(inForce.upcoming).toBeNull();
    expect(inForce.readable).toEqual([
      { revision: revised, until: null },
      { revision: first, until: '2027-01-05' },
    ]);
  });

  it('on a day before every revision (a clock set wrong) the first text is shown, with nothing announced', () => {
    const policy = privacyPolicy(SITE);
    const early = timelineOn(policy, '2020-01-01');
    expect(early.current).toBe(policy.revisions[0]);
    expect(early.upcoming).toBeNull();
    expect(early.readable.map((r) => r.revision)).toEqual([policy.revisions[0]]);
  });

  it('the revision is announced thirty days ahead, as the policy promises for a change that matters to members’ rights', () => {
    const days = (Date.parse(PRIVACY_REVISION_EFFECTIVE) - Date.parse(PRIVACY_REVISION_ANNOUNCED)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(30);
    // The consent to the collection and use of personal data is not the policy: the consent's summary is
    // unchanged, so members are not asked again and the consent keeps its version.
    expect(CONSENT_VERSIONS.privacy).toBe(privacyPolicy(SITE).revisions[0]!.effectiveOn);
  });
});

describe('the privacy policy page', () => {
  // jsdom does not scroll; the page's call is recorded.
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('during the notice period: the text in force, a notice of the revision with what it changes, and the revision readable', async () => {
    const user = userEvent.setup();
    // 09:00 on 8 December in Seoul.
    await renderPrivacy('/privacy', '2026-12-08T00:00:00Z');
    const notice = await screen.findByTestId('legal-upcoming');
    expect(notice).toHaveTextContent(
      `이 문서가 ${PRIVACY_REVISION_EFFECTIVE}부터 개정되어 시행됩니다(${PRIVACY_REVISION_ANNOUNCED} 공고).`,
    );
    expect(within(notice).getAllByRole('listitem').at(-1)).toHaveTextContent(
      '회원의 권리에 중요한 변경이므로 시행 30일 전에 알려드립니다.',
    );
    expect(article()).toHaveAttribute('data-version', '2026-11-26');
    expect(article()).not.toHaveTextContent('개인정보 보호책임자');
    expect(screen.getByTestId('legal-current-since')).toHaveTextContent('최종 개정 시행일자: 2026-11-26');

    await user.click(within(notice).getByRole('link', { name: '개정 문서 미리 보기' }));
    expect(article()).toHaveAttribute('data-version', PRIVACY_REVISION_EFFECTIVE);
    // The pressed link is gone with the notice: the focus goes to the banner that says which version this is.
    expect(screen.getByTestId('legal-other-version')).toHaveFocus();
    expect(screen.getByTestId('legal-other-version')).toHaveTextContent(
      `${PRIVACY_REVISION_EFFECTIVE}부터 시행될 개정 문서입니다. 그 전까지는 지금 시행 중인 문서가 적용됩니다.`,
    );
    expect(screen.queryByTestId('legal-upcoming')).toBeNull();
    expect(screen.getByTestId('legal-dates')).toHaveTextContent(
      `공고일자: ${PRIVACY_REVISION_ANNOUNCED}시행일자: ${PRIVACY_REVISION_EFFECTIVE}`,
    );
    const versions = within(screen.getByRole('navigation', { name: '시행일자별 문서' }));
    expect(versions.getAllByRole('link').map((a) => a.textContent)).toEqual([
      `${PRIVACY_REVISION_EFFECTIVE} 시행 예정`,
      '2026-11-26 시행(현재)',
    ]);
    expect(versions.getByRole('link', { current: 'page' })).toHaveTextContent(`${PRIVACY_REVISION_EFFECTIVE} 시행 예정`);

    await user.click(screen.getByRole('link', { name: '지금 시행 중인 문서 보기' }));
    expect(article()).toHaveAttribute('data-version', '2026-11-26');
    expect(screen.queryByTestId('legal-other-version')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('from the effective day in Seoul: the revision in force, with the deployment’s officer, and the old text kept readable', async () => {
    const user = userEvent.setup();
    // 00:30 on 6 January in Seoul, still the 5th in UTC.
    await renderPrivacy('/privacy', '2027-01-05T15:30:00Z');
    await vi.waitFor(() => expect(article()).toHaveAttribute('data-version', PRIVACY_REVISION_EFFECTIVE));
    expect(screen.queryByTestId('legal-upcoming')).toBeNull();
    expect(screen.getByTestId('legal-current-since')).toHaveTextContent(`최종 개정 시행일자: ${PRIVACY_REVISION_EFFECTIVE}`);
    const officer = within(screen.getByRole('heading', { name: '제11조 (개인정보 보호책임자)' }).closest('section')!);
    expect(officer.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '성명: 이소정',
      '직책: 개인정보 보호책임자',
      '이메일: privacy@sori.example',
      '전화: 02-000-0001',
    ]);
    expect(article()).toHaveTextContent('회사는 현재 개인정보 처리업무를 외부에 위탁하지 않습니다.');
    expect(article()).toHaveTextContent('주식회사 소리(이하 "회사")는 「개인정보 보호법」 제30조에 따라');

    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: '2026-11-26 ~ 2027-01-05 시행' }));
    expect(article()).toHaveAttribute('data-version', '2026-11-26');
    // Chosen from the list under the text: back to the top, on the banner.
    expect(screen.getByTestId('legal-other-version')).toHaveFocus();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(screen.getByTestId('legal-other-version')).toHaveTextContent('2026-11-26부터 2027-01-05까지 시행된 이전 문서입니다.');
  });

  it('lists the companies a deployment entrusts data to, and says what the verify page shows of a licensee', async () => {
    await renderPrivacy('/privacy', '2027-01-10T00:00:00Z', {
      ...SITE,
      privacyProcessors: [
        { name: 'Amazon Web Services, Inc.', task: '음원 파일과 데이터의 저장(클라우드 인프라)' },
        { name: '주식회사 메일', task: '비밀번호 재설정 메일 발송' },
      ],
    });
    const entrusted = within((await screen.findByRole('heading', { name: '제7조 (개인정보 처리업무의 위탁)' })).closest('section')!);
    expect(entrusted.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Amazon Web Services, Inc.: 음원 파일과 데이터의 저장(클라우드 인프라)',
      '주식회사 메일: 비밀번호 재설정 메일 발송',
    ]);
    expect(entrusted.queryByText(/위탁하지 않습니다/u)).toBeNull();
    expect(article()).toHaveTextContent('일부를 가려서 표시합니다(예: 김**, ev***@example.com)');
  });

  it('a version not yet announced is not shown: the text in force is', async () => {
    await renderPrivacy(`/privacy?version=${PRIVACY_REVISION_EFFECTIVE}`, '2026-12-06T00:00:00Z');
    await vi.waitFor(() => expect(article()).toHaveAttribute('data-version', '2026-11-26'));
    expect(screen.queryByTestId('legal-other-version')).toBeNull();
    expect(screen.queryByTestId('legal-upcoming')).toBeNull();
    expect(screen.queryByRole('navigation', { name: '시행일자별 문서' })).toBeNull();
  });

  it('in English, the notice of the revision is in English, above the Korean text', async () => {
    await renderPrivacy('/privacy', '2026-12-08T00:00:00Z', SITE, 'en');
    expect(await screen.findByTestId('legal-upcoming')).toHaveTextContent(
      `A revised version of this document takes effect on ${PRIVACY_REVISION_EFFECTIVE} (announced ${PRIVACY_REVISION_ANNOUNCED}). The main changes (in Korean):`,
    );
    expect(screen.getByRole('link', { name: 'Read the revised version' })).toBeInTheDocument();
  });

  it('when the site details cannot be loaded, says so and offers a retry', async () => {
    const fetchMock = await renderPrivacy('/privacy', '2026-12-08T00:00:00Z', null);
    expect(screen.getByRole('status')).toHaveTextContent('불러오는 중…');
    const failed = await screen.findByTestId('legal-load-failed', {}, { timeout: 10_000 });
    expect(failed).toHaveTextContent('문서를 불러오지 못했습니다.');
    expect(article()).toBeNull();
    expect(fetchMock).toHaveBeenCalled();
  });
});
