import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import type { PlanId, PlanInfo } from '@sori/contract';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import type { TranslationKey } from '../../i18n/keys';
import { preloadAuthModals, pressAgain, pressedControl, useAuthModal } from '../auth/AuthModalContext';
import { useSession } from '../auth/useSession';
import { useSiteQuery } from '../legal/queries';
import { formatPrice } from './price';

const PLANS: readonly { id: PlanId; features: readonly TranslationKey[]; featured?: boolean }[] = [
  { id: 'free', features: ['plan.free.f1', 'plan.free.f2', 'plan.free.f3'] },
  { id: 'premium', features: ['plan.premium.f1', 'plan.premium.f2', 'plan.premium.f3', 'plan.premium.f4'], featured: true },
  { id: 'family', features: ['plan.family.f1', 'plan.family.f2', 'plan.family.f3', 'plan.family.f4'] },
] as const;

const PLAN_TEXT = {
  free: { name: 'plan.free.name', tagline: 'plan.free.tagline' },
  premium: { name: 'plan.premium.name', tagline: 'plan.premium.tagline' },
  family: { name: 'plan.family.name', tagline: 'plan.family.tagline' },
} as const satisfies Record<PlanId, { name: string; tagline: string }>;

/**
 * Free, premium and family plans (PRODUCT §1), with their prices and what each includes (downloads,
 * cleared channels, people) from site configuration; a member's current plan is marked. Subscribing
 * (DECISIONS 19): a visitor is asked to sign in; a member is told online payment is not available yet and
 * where to write instead.
 */
export default function PlanPage() {
  const { t, i18n } = useTranslation();
  const { token, user } = useSession();
  const { openLoginFor, openSignup } = useAuthModal();
  const site = useSiteQuery();
  const [noticeFor, setNoticeFor] = useState<{ plan: PlanId; change: PlanChange } | null>(null);
  const current = token ? (user?.plan ?? null) : null;
  const currentPrice = site.data?.plans.find((p) => p.id === current)?.monthlyPrice;
  // A member on the free plan subscribes to a paid one. On a paid plan, a dearer plan is an upgrade and a
  // cheaper one (free too) a change down, never a "subscription": they are subscribed already.
  const changeTo = (info: PlanInfo | undefined): PlanChange =>
    !info || currentPrice === undefined || currentPrice === 0 ? 'subscribe' : info.monthlyPrice > currentPrice ? 'upgrade' : 'switch';
  const price = (info: PlanInfo | undefined) =>
    !info
      ? null
      : info.monthlyPrice === 0
        ? t('plan.freePrice')
        : t('plan.perMonth', {
            price: formatPrice(info.monthlyPrice, site.data?.currency ?? 'KRW', i18n.language),
          });
  // What a plan has is ticked; what it lacks ("no downloads") is said with a dash, not a tick.
  const includes = (info: PlanInfo | undefined): { text: string; has: boolean }[] =>
    !info
      ? []
      : [
          info.downloads ? { text: t('plan.includes.downloads'), has: true } : { text: t('plan.includes.noDownloads'), has: false },
          info.channels > 0
            ? { text: t('plan.includes.channels', { count: info.channels }), has: true }
            : { text: t('plan.includes.noChannels'), has: false },
          { text: t('plan.includes.seats', { count: info.seats }), has: true },
        ];

  // A visitor signs in first; then the plan's button is pressed again, as the member's screen now draws it
  // (disabled when it is their plan already, a switch when it costs less than theirs).
  const handleSubscribe = (plan: PlanId, change: PlanChange, button: HTMLElement) => {
    if (token) setNoticeFor({ plan, change });
    // A visitor starting free needs an account, not a login: the free card opens the sign-up.
    else if (plan === 'free') openSignup();
    else openLoginFor(pressedControl(button), pressAgain);
  };
  const buttonText = (plan: PlanId, info: PlanInfo | undefined, isCurrent: boolean): string => {
    if (isCurrent) return t('plan.current');
    if (!token && plan === 'free') return t('home.ctaSignup');
    return t(CHANGE_TEXT[changeTo(info)]);
  };

  return (
    <div className="sori-page sori-page-narrow">
      <PageHeader title={t('plan.title')} subtitle={t('plan.subtitle')} />
      <div className="row g-4 align-items-stretch" onPointerEnter={token ? undefined : preloadAuthModals}>
        {PLANS.map((plan) => {
          const info = site.data?.plans.find((p) => p.id === plan.id);
          const isCurrent = current === plan.id;
          return (
            <div className="col-md-4" key={plan.id}>
              <article
                className={`sori-plan-card h-100${plan.featured ? ' featured' : ''}${isCurrent ? ' current' : ''}`}
                aria-labelledby={`plan-${plan.id}`}
                aria-current={isCurrent ? 'true' : undefined}
                data-testid={`plan-${plan.id}`}
              >
                {isCurrent ? (
                  <span className="sori-plan-badge text-bg-success" data-testid="plan-current">
                    {t('plan.current')}
                  </span>
                ) : plan.featured ? (
                  <span className="sori-plan-badge">{t('plan.popular')}</span>
                ) : null}
                <h2 id={`plan-${plan.id}`} className="h4 mb-1">
                  {t(PLAN_TEXT[plan.id].name)}
                </h2>
                <p className="sori-plan-tagline">{t(PLAN_TEXT[plan.id].tagline)}</p>
                {info ? (
                  <p className="sori-plan-price" data-testid={`plan-price-${plan.id}`}>
                    {price(info)}
                  </p>
                ) : null}
                <ul className="sori-plan-features">
                  {[...includes(info), ...plan.features.map((feature) => ({ text: t(feature), has: true }))].map(({ text, has }) => (
                    <li key={text} className={has ? undefined : 'lacks'} data-has={has}>
                      <Icon name={has ? 'check' : 'minus'} />
                      <span>{text}</span>
                    </li>
                  ))}
                </ul>
                <Button
                  variant={plan.featured ? 'primary' : 'outline-secondary'}
                  className="w-100 mt-auto"
                  disabled={isCurrent}
                  onClick={(event) => handleSubscribe(plan.id, changeTo(info), event.currentTarget)}
                  // Named by its text and its plan ("구독하기 프리미엄"): two buttons read "구독하기" alone.
                  id={`subscribe-${plan.id}`}
                  aria-labelledby={`subscribe-${plan.id} plan-${plan.id}`}
                  data-testid={`subscribe-${plan.id}`}
                >
                  {buttonText(plan.id, info, isCurrent)}
                </Button>
              </article>
            </div>
          );
        })}
      </div>
      <PaymentNotice choice={noticeFor} onClose={() => setNoticeFor(null)} />
    </div>
  );
}

/** What choosing a plan is for a member: a first paid plan, a dearer one, or a cheaper one. */
type PlanChange = 'subscribe' | 'upgrade' | 'switch';

const CHANGE_TEXT = { subscribe: 'plan.subscribe', upgrade: 'plan.upgrade', switch: 'plan.switch' } as const satisfies Record<
  PlanChange,
  TranslationKey
>;

/** The notice of each change: a subscription or an upgrade waits for online payment, a change down for the same. */
const NOTICE_TEXT = {
  subscribe: { title: 'plan.notice.title', body: 'plan.notice.body', contact: 'plan.notice.contact' },
  upgrade: { title: 'plan.notice.title', body: 'plan.notice.upgradeBody', contact: 'plan.notice.upgradeContact' },
  switch: { title: 'plan.notice.switchTitle', body: 'plan.notice.switchBody', contact: 'plan.notice.switchContact' },
} as const satisfies Record<PlanChange, Record<'title' | 'body' | 'contact', TranslationKey>>;

/** What a member is told on choosing a plan. */
function PaymentNotice({ choice, onClose }: { choice: { plan: PlanId; change: PlanChange } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const site = useSiteQuery();
  const email = site.data?.supportEmail;
  const text = NOTICE_TEXT[choice?.change ?? 'subscribe'];
  const plan = choice ? t(PLAN_TEXT[choice.plan].name) : '';
  return (
    <Modal show={choice !== null} onHide={onClose} centered aria-labelledby="payment-notice-title" data-testid="payment-notice">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="payment-notice-title" as="h2" className="h5">
          {t(text.title)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t(text.body, { plan })}</p>
        <p className="mb-0">
          {email ? (
            <>
              {t(text.contact)} <a href={`mailto:${email}`}>{email}</a>
            </>
          ) : (
            t('plan.notice.contactLater')
          )}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose}>
          {t('common.ok')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
