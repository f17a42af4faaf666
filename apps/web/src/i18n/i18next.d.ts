import 'i18next';
import type translation from '../../public/locales/en/translation.json';

// English is the source of the key types: a key missing from en is a type error, and the
// completeness test (i18n/keys.test.ts) checks ko and ja carry the same keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof translation };
  }
}
