import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../lib/routes';
import { Icon, type IconName } from '../../components/Icon';
import type { TranslationKey } from '../../i18n/keys';
import { preloadAuthModals, useAuthModal } from '../auth/AuthModalContext';
import { useSession } from '../auth/useSession';

const FEATURES: readonly { icon: IconName; title: TranslationKey; body: TranslationKey }[] = [
  { icon: 'search', title: 'home.features.search.title', body: 'home.features.search.body' },
  { icon: 'wave', title: 'home.features.preview.title', body: 'home.features.preview.body' },
  { icon: 'shield', title: 'home.features.license.title', body: 'home.features.license.body' },
] as const;

/** Bar heights of the hero's decorative waveform (percent). Fixed, so the layout never shifts. */
const WAVE = [28, 46, 64, 40, 72, 90, 58, 36, 52, 80, 96, 70, 44, 60, 84, 66, 38, 54, 76, 92, 62, 42, 30, 50, 68, 86, 56, 34, 48, 26];

/** The marketing home page (PRODUCT §1): a hero and three feature cards. */
export function HomePage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const { openSignup } = useAuthModal();

  return (
    <div className="sori-home">
      <section className="sori-hero" aria-labelledby="home-title">
        <div className="container-xxl px-3 px-lg-4">
          <div className="row align-items-center g-5">
            <div className="col-lg-7">
              <p className="sori-eyebrow">{t('home.eyebrow')}</p>
              <h1 id="home-title" className="sori-hero-title" data-testid="page-title">
                {t('home.title')}
              </h1>
              <p className="sori-hero-lead">{t('home.lead')}</p>
              <div className="d-flex flex-wrap gap-2 mt-4">
                <Link to={ROUTES.library} className="btn btn-primary btn-lg d-inline-flex align-items-center gap-2">
                  <Icon name="search" />
                  {t('home.ctaBrowse')}
                </Link>
                {token ? (
                  <Link to={ROUTES.plan} className="btn btn-lg sori-btn-ghost">
                    {t('home.ctaPlans')}
                  </Link>
                ) : (
                  <button
                    type="button"
                    className="btn btn-lg sori-btn-ghost"
                    onClick={openSignup}
                    onPointerEnter={preloadAuthModals}
                    onFocus={preloadAuthModals}
                  >
                    {t('home.ctaSignup')}
                  </button>
                )}
              </div>
            </div>
            <div className="col-lg-5 d-none d-lg-block" aria-hidden="true">
              <div className="sori-hero-visual">
                <div className="sori-hero-wave">
                  {WAVE.map((height, index) => (
                    <span key={index} style={{ height: `${height}%` }} />
                  ))}
                </div>
                <div className="sori-hero-card">
                  <span className="sori-hero-card-cover">
                    <Icon name="music" size={22} />
                  </span>
                  <span className="sori-hero-card-lines">
                    <span />
                    <span />
                  </span>
                </div>
              </div>
            </div>
          </div>
        </div>
      </section>

      <section className="sori-features" aria-labelledby="features-title">
        <div className="container-xxl px-3 px-lg-4">
          <h2 id="features-title" className="sori-section-title">
            {t('home.featuresTitle')}
          </h2>
          <div className="row g-4">
            {FEATURES.map((feature) => (
              <div className="col-md-4" key={feature.icon}>
                <article className="sori-feature-card h-100" data-testid="feature-card">
                  <span className="sori-feature-icon" aria-hidden="true">
                    <Icon name={feature.icon} size={24} />
                  </span>
                  <h3 className="h5">{t(feature.title)}</h3>
                  <p className="mb-0">{t(feature.body)}</p>
                </article>
              </div>
            ))}
          </div>
        </div>
      </section>
    </div>
  );
}
