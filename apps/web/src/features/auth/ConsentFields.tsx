import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../lib/routes';

export interface Consents {
  agreeTerms: boolean;
  agreePrivacy: boolean;
  agreeMarketing: boolean;
}

/** A required consent the member left unticked, and what to tell them beside it. */
export interface MissingConsent {
  key: 'agreeTerms' | 'agreePrivacy';
  message: string;
}

const CONSENT_ERROR_ID = 'signup-consent-error';

/** The message under an unticked required consent, which the checkbox names as its description. */
function ConsentError({ missing, for: key }: { missing: MissingConsent | null | undefined; for: MissingConsent['key'] }) {
  if (missing?.key !== key) return null;
  return (
    <div id={CONSENT_ERROR_ID} className="invalid-feedback d-block mt-0 mb-1" data-testid="consent-error">
      {missing.message}
    </div>
  );
}

/**
 * The sign-up consents, as Korean services ask them (PIPA): "agree to all", the terms and the collection and
 * use of personal data (required; the items, purposes and retention shown beside it, with the right to refuse
 * and what refusing means), and news by e-mail (optional). Each document opens in a new tab.
 */
export function ConsentFields({
  value,
  onChange,
  missing,
}: {
  value: Consents;
  onChange: (next: Consents) => void;
  /** Set when sign-up was refused for this consent: the box is marked and the message shown beside it. */
  missing?: MissingConsent | null;
}) {
  const { t } = useTranslation();
  const all = value.agreeTerms && value.agreePrivacy && value.agreeMarketing;
  /** A required box's marks when sign-up was refused for it: invalid, and described by the message too. */
  const invalidIf = (key: MissingConsent['key'], describedBy?: string) =>
    missing?.key === key
      ? { isInvalid: true, 'aria-invalid': true, 'aria-describedby': [CONSENT_ERROR_ID, describedBy].filter(Boolean).join(' ') }
      : { 'aria-describedby': describedBy };
  const set = (key: keyof Consents) => (event: { target: { checked: boolean } }) => onChange({ ...value, [key]: event.target.checked });
  return (
    <fieldset className="sori-consents mt-3" data-testid="signup-consents">
      <legend className="form-label fs-6 mb-2">{t('auth.consent.legend')}</legend>
      <Form.Check
        id="signup-agree-all"
        className="sori-consent-all"
        checked={all}
        onChange={(e) => onChange({ agreeTerms: e.target.checked, agreePrivacy: e.target.checked, agreeMarketing: e.target.checked })}
        label={
          <>
            <strong>{t('auth.consent.all')}</strong>
            <span className="d-block small text-body-secondary">{t('auth.consent.allHint')}</span>
          </>
        }
      />
      <hr className="my-2" />
      <div className="d-flex justify-content-between gap-2">
        <Form.Check
          id="signup-agree-terms"
          checked={value.agreeTerms}
          onChange={set('agreeTerms')}
          label={t('auth.consent.terms')}
          {...invalidIf('agreeTerms')}
        />
        <a href={ROUTES.terms} target="_blank" rel="noopener" className="small text-nowrap" aria-label={t('auth.consent.viewTerms')}>
          {t('auth.consent.view')}
        </a>
      </div>
      <ConsentError missing={missing} for="agreeTerms" />
      <div className="d-flex justify-content-between gap-2 mt-2">
        <Form.Check
          id="signup-agree-privacy"
          checked={value.agreePrivacy}
          onChange={set('agreePrivacy')}
          label={t('auth.consent.privacy')}
          {...invalidIf('agreePrivacy', 'signup-privacy-summary')}
        />
        <a href={ROUTES.privacy} target="_blank" rel="noopener" className="small text-nowrap" aria-label={t('auth.consent.viewPrivacy')}>
          {t('auth.consent.view')}
        </a>
      </div>
      <ConsentError missing={missing} for="agreePrivacy" />
      <div id="signup-privacy-summary" className="sori-consent-summary small">
        <table className="table table-sm mb-1">
          <tbody>
            <tr>
              <th scope="row">{t('auth.consent.items')}</th>
              <td>{t('auth.consent.privacyItems')}</td>
            </tr>
            <tr>
              <th scope="row">{t('auth.consent.purpose')}</th>
              <td>{t('auth.consent.privacyPurpose')}</td>
            </tr>
            <tr>
              <th scope="row">{t('auth.consent.retention')}</th>
              <td>{t('auth.consent.privacyRetention')}</td>
            </tr>
          </tbody>
        </table>
        <p className="mb-0 text-body-secondary">{t('auth.consent.refuse')}</p>
      </div>
      <Form.Check
        id="signup-agree-marketing"
        className="mt-2"
        checked={value.agreeMarketing}
        onChange={set('agreeMarketing')}
        label={t('auth.consent.marketing')}
        aria-describedby="signup-marketing-body"
      />
      <p id="signup-marketing-body" className="small text-body-secondary mb-0 ms-4">
        {t('auth.consent.marketingBody')}
      </p>
    </fieldset>
  );
}
