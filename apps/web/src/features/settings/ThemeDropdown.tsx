import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../components/Icon';
import { NavMenu } from '../../components/NavMenu';
import { useTheme } from '../../theme/ThemeProvider';
import { THEME_PREFERENCES, type ThemePreference } from '../../theme/theme';

const OPTIONS = {
  light: { icon: 'sun', label: 'theme.light' },
  dark: { icon: 'moon', label: 'theme.dark' },
  auto: { icon: 'contrast', label: 'theme.auto' },
} as const satisfies Record<ThemePreference, { icon: IconName; label: string }>;

export function ThemeDropdown() {
  const { t } = useTranslation();
  const { preference, setPreference } = useTheme();
  const current = OPTIONS[preference];

  return (
    <NavMenu
      testId="theme-menu"
      selectable
      label={
        <span className="d-inline-flex align-items-center gap-1">
          <Icon name={current.icon} />
          <span className="visually-hidden">{t('theme.label')}: </span>
          <span>{t(current.label)}</span>
        </span>
      }
      items={THEME_PREFERENCES.map((option) => ({
        key: option,
        checked: option === preference,
        testId: `theme-${option}`,
        label: (
          <>
            <Icon name={OPTIONS[option].icon} />
            {t(OPTIONS[option].label)}
          </>
        ),
        onSelect: () => setPreference(option),
      }))}
    />
  );
}
