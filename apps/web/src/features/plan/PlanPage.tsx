import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import type { PlanId, PlanInfo } from '@sori/contract';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import type { TranslationKey } from '../../i18n/keys';
import { preloadAuthModals, useAuthModal } from '../auth/AuthModalContext';
import { useSession } from '../auth/useSession';
import { useSiteQuery } from '../legal/queries';

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
  const { openLogin } = useAuthModal();
  const site = useSiteQuery();
  const [noticeFor, setNoticeFor] = useState<PlanId | null>(null);
  const current = token ? (user?.plan ?? null) : null;
  const price = (info: PlanInfo | undefined) =>
    !info
      ? null
      : info.monthlyPrice === 0
        ? t('plan.freePrice')
        : t('plan.perMonth', {
            price: new Intl.NumberFormat(i18n.language, { style: 'currency', currency: site.data?.currency ?? 'KRW' }).format(
              info.monthlyPrice,
            ),
          });
  const includes = (info: PlanInfo | undefined): string[] =>
    !info
      ? []
      : [
          info.downloads ? t('plan.includes.downloads') : t('plan.includes.noDownloads'),
          info.channels > 0 ? t('plan.includes.channels', { count: info.channels }) : t('plan.includes.noChannels'),
          t('plan.includes.seats', { count: info.seats }),
        ];

  const handleSubscribe = (plan: PlanId) => {
    if (token) setNoticeFor(plan);
    else openLogin();
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
                  {[...includes(info), ...plan.features.map((feature) => t(feature))].map((text) => (
                    <li key={text}>
                      <Icon name="check" />
                      <span>{text}</span>
                    </li>
                  ))}
                </ul>
                <Button
                  variant={plan.featured ? 'primary' : 'outline-secondary'}
                  className="w-100 mt-auto"
                  disabled={isCurrent}
                  onClick={() => handleSubscribe(plan.id)}
                  data-testid={`subscribe-${plan.id}`}
                >
                  {isCurrent ? t('plan.current') : t('plan.subscribe')}
                </Button>
              </article>
            </div>
          );
        })}
      </div>
      <PaymentNotice plan={noticeFor} onClose={() => setNoticeFor(null)} />
    </div>
  );
}

function PaymentNotice({ plan, onClose }: { plan: PlanId | null; onClose: () => void }) {
  const { t } = useTranslation();
  const site = useSiteQuery();
  const email = site.data?.supportEmail;
  return (
    <Modal show={plan !== null} onHide={onClose} centered aria-labelledby="payment-notice-title" data-testid="payment-notice">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="payment-notice-title" as="h2" className="h5">
          {t('plan.notice.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('plan.notice.body', { plan: plan ? t(PLAN_TEXT[plan].name) : '' })}</p>
        <p className="mb-0">
          {email ? (
            <>
              {t('plan.notice.contact')} <a href={`mailto:${email}`}>{email}</a>
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
