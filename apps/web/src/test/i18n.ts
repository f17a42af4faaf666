import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../public/locales/en/translation.json';
import ja from '../../public/locales/ja/translation.json';
import ko from '../../public/locales/ko/translation.json';
import { addKoreanParticles } from '../i18n/grammar';

/** An i18next instance with the real translation files bundled in, for component tests. */
export async function createTestI18n(lng: 'ko' | 'en' | 'ja' = 'ko'): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: { ko: { translation: ko }, en: { translation: en }, ja: { translation: ja } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  addKoreanParticles(instance);
  return instance;
}
