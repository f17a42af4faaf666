import { useTranslation } from 'react-i18next';
import type { Lang } from '@sori/contract';
import { Icon } from '../../components/Icon';
import { NavMenu } from '../../components/NavMenu';
import { SUPPORTED_LANGUAGES, languageFromTag } from '../../i18n/detect';

/** Each language is named in itself, so a visitor can find their own whatever the current language. */
const NATIVE_NAME_KEYS = {
  ko: 'language.names.ko',
  en: 'language.names.en',
  ja: 'language.names.ja',
} as const satisfies Record<Lang, string>;

export function LanguageDropdown() {
  const { t, i18n } = useTranslation();
  const current = languageFromTag(i18n.language) ?? 'en';

  return (
    <NavMenu
      testId="language-menu"
      selectable
      label={
        <span className="d-inline-flex align-items-center gap-1">
          <Icon name="globe" />
          <span className="visually-hidden">{t('language.label')}: </span>
          <span>{t(NATIVE_NAME_KEYS[current])}</span>
        </span>
      }
      items={SUPPORTED_LANGUAGES.map((lang) => ({
        key: lang,
        lang,
        checked: lang === current,
        testId: `language-${lang}`,
        label: t(NATIVE_NAME_KEYS[lang]),
        // The detector caches the choice under 'language' in localStorage (PRODUCT §4).
        onSelect: () => {
          if (lang !== current) void i18n.changeLanguage(lang);
        },
      }))}
    />
  );
}
