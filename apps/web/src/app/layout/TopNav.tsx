import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ROUTES, activeNavKey, type NavKey } from '../../lib/routes';
import { preloadAuthModals, useAuthModal } from '../../features/auth/AuthModalContext';
import { signOut } from '../../features/auth/queries';
import { notices } from '../../lib/notices';
import { useSession } from '../../features/auth/useSession';
import { LanguageDropdown } from '../../features/settings/LanguageDropdown';
import { ThemeDropdown } from '../../features/settings/ThemeDropdown';
import type { TranslationKey } from '../../i18n/keys';
import { Icon, type IconName } from '../../components/Icon';
import { Logo } from '../../components/Logo';
import { NavMenu } from '../../components/NavMenu';

const ITEMS: readonly { key: NavKey; to: string; label: TranslationKey; icon: IconName }[] = [
  { key: 'home', to: ROUTES.home, label: 'nav.home', icon: 'home' },
  { key: 'search', to: ROUTES.library, label: 'nav.library', icon: 'search' },
  { key: 'plan', to: ROUTES.plan, label: 'nav.plan', icon: 'sparkle' },
] as const;

/**
 * The top navigation (PRODUCT §2) in Bootstrap's navbar markup. The collapse below lg is a plain
 * toggle: react-bootstrap's Navbar would pull its offcanvas and transition code into the first bundle.
 */
export function TopNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = activeNavKey(pathname);
  // Remembers where the phone menu was opened, so any navigation folds it away again.
  const [expandedAt, setExpandedAt] = useState<string | null>(null);
  const expanded = expandedAt === pathname;
  const setExpanded = (value: boolean) => setExpandedAt(value ? pathname : null);

  const toggler = useRef<HTMLButtonElement>(null);
  // Escape folds the phone menu away and hands the focus back to its button (a dropdown inside closes first,
  // and keeps the key to itself).
  const handleKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !expanded || event.defaultPrevented) return;
    event.preventDefault();
    setExpanded(false);
    toggler.current?.focus();
  };

  return (
    <header className="navbar navbar-expand-lg sticky-top sori-navbar" data-covers="top" onKeyDown={handleKey}>
      <div className="container-xxl px-3 px-lg-4">
        <Link to={ROUTES.home} className="navbar-brand d-flex align-items-center gap-2">
          <Logo />
          <span className="sori-wordmark">{t('app.name')}</span>
        </Link>
        <button
          ref={toggler}
          type="button"
          className="navbar-toggler"
          aria-controls="main-navigation"
          aria-expanded={expanded}
          aria-label={t('nav.toggle')}
          onClick={() => setExpanded(!expanded)}
          data-testid="nav-toggle"
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="main-navigation" className={`collapse navbar-collapse${expanded ? ' show' : ''}`}>
          <nav aria-label={t('nav.main')} className="me-auto">
            <ul className="navbar-nav sori-main-nav">
              {ITEMS.map((item) => (
                <li className="nav-item" key={item.key}>
                  <Link
                    to={item.to}
                    className={`nav-link d-flex align-items-center gap-2${active === item.key ? ' active' : ''}`}
                    aria-current={active === item.key ? 'page' : undefined}
                    data-testid={`nav-${item.key}`}
                  >
                    <Icon name={item.icon} className="d-lg-none" />
                    {t(item.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <ul className="navbar-nav align-items-lg-center sori-util-nav">
            <LanguageDropdown />
            <ThemeDropdown />
            <UserMenu
              onAction={() => {
                setExpanded(false);
                // Folded away, the phone menu hides the account menu that had the focus: it goes to the menu's
                // button, where Escape leaves it too (signing out would otherwise drop it to the page's start).
                if (expanded) toggler.current?.focus();
              }}
            />
          </ul>
        </div>
      </div>
    </header>
  );
}

function UserMenu({ onAction }: { onAction: () => void }) {
  const { t } = useTranslation();
  const { user, token } = useSession();
  const { openLogin, openSignup } = useAuthModal();
  const navigate = useNavigate();
  const signedIn = token !== null;

  const label = (
    <span className="d-inline-flex align-items-center gap-2">
      <span className="sori-avatar" aria-hidden="true">
        <Icon name="user" size={16} />
      </span>
      <span data-testid="user-menu-label">
        {signedIn ? t('user.greeting', { nick: user?.nick || t('user.member') }) : t('user.account')}
      </span>
    </span>
  );

  const items = signedIn
    ? [
        {
          key: 'account',
          testId: 'open-account',
          label: (
            <>
              <Icon name="user" />
              {t('user.accountPage')}
            </>
          ),
          onSelect: () => {
            onAction();
            void navigate(ROUTES.account);
          },
        },
        {
          key: 'logout',
          testId: 'logout',
          label: (
            <>
              <Icon name="logout" />
              {t('user.logout')}
            </>
          ),
          onSelect: () => {
            onAction();
            signOut();
            // Said, not only seen: the focus stays on the account button, whose name changes.
            notices.show('success', t('user.signedOut'));
          },
        },
      ]
    : [
        {
          key: 'login',
          testId: 'open-login',
          label: (
            <>
              <Icon name="login" />
              {t('user.login')}
            </>
          ),
          onSelect: () => {
            onAction();
            openLogin();
          },
        },
        {
          key: 'signup',
          testId: 'open-signup',
          label: (
            <>
              <Icon name="user" />
              {t('user.signup')}
            </>
          ),
          onSelect: () => {
            onAction();
            openSignup();
          },
        },
      ];

  return <NavMenu testId="user-menu" label={label} items={items} onIntent={signedIn ? undefined : preloadAuthModals} />;
}
