import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULES, unmetPasswordRules, type PasswordRule } from '@sori/contract';
import { useTranslation } from 'react-i18next';
import { Icon } from '../Icon';

export interface PasswordRulesProps {
  password: string;
  confirmPassword: string;
  /** The form was sent with a rule unmet: the unmet ones are shown as errors. */
  tried?: boolean;
}

/**
 * The password rules of the contract as a short list under a new password, each marked met or not as the
 * member types, so every rule still unmet is in view at once (the form's error names only the first). Before
 * anything is typed it is the field's hint; "at most 128 characters" shows only once it is broken.
 */
export function PasswordRules({ password, confirmPassword, tried = false }: PasswordRulesProps) {
  const { t } = useTranslation();
  const unmet = unmetPasswordRules(password, confirmPassword);
  const started = tried || password !== '';
  const text: Record<PasswordRule, string> = {
    PASSWORD_TOO_SHORT: t('auth.passwordRules.minLength', { min: PASSWORD_MIN_LENGTH }),
    PASSWORD_MISMATCH: t('auth.passwordRules.match'),
    PASSWORD_TOO_LONG: t('auth.passwordRules.maxLength', { max: PASSWORD_MAX_LENGTH }),
  };
  return (
    <ul className="list-unstyled mb-0 mt-1" data-testid="password-rules">
      {PASSWORD_RULES.filter((rule) => rule !== 'PASSWORD_TOO_LONG' || unmet.includes(rule)).map((rule) => {
        const met = !unmet.includes(rule);
        const state = !started ? 'untyped' : met ? 'met' : 'unmet';
        const colour = state === 'met' ? 'text-success-emphasis' : state === 'unmet' && tried ? 'text-danger-emphasis' : '';
        return (
          <li key={rule} className={`d-flex align-items-center gap-1 ${colour}`} data-state={state}>
            <Icon name={state === 'met' ? 'check' : state === 'unmet' ? 'close' : 'dot'} size={14} className="flex-shrink-0" />
            <span>
              {text[rule]}
              {started ? (
                <span className="visually-hidden"> ({t(met ? 'auth.passwordRules.met' : 'auth.passwordRules.unmet')})</span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
