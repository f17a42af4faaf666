import {
  accountDate,
  CHANNEL_PLATFORM_LABELS,
  isGrantedLevel,
  isWithdrawnLicensee,
  licenceTime,
  licensorName,
  LICENCE_SCOPE_LABELS,
  parseLicenceId,
  LICENCE_VERIFY_SCRIPT,
  type LicenceScope,
  type PublicLicence,
} from '@sori/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Icon } from '../../components/Icon';
import { languageFromTag } from '../../i18n/detect';
import { buildUrl, isApiError, pathWith } from '../../lib/api-client';
import { useSiteQuery } from '../legal/queries';
import { disputeText } from './dispute';
import { FileMatch } from './FileMatch';
import { useLicenceChannelsQuery, useLicenceQuery, verifyPath } from './queries';

const KEY_URL = '/.well-known/sori-licence-key.pem';

/**
 * /verify/{id}: anyone checks a licence. It says first, as large as it can, whether the licence is valid,
 * revoked or unknown; then what it covers; and it hands the licensee a ready dispute text.
 */
export default function VerifyPage() {
  const { t, i18n } = useTranslation();
  const { id: raw = '' } = useParams();
  const navigate = useNavigate();
  const id = parseLicenceId(raw);
  // A typed or pasted id (lower case, spaces, O for 0) is shown under its one canonical address.
  useEffect(() => {
    if (id !== null && id !== raw) void navigate(verifyPath(id), { replace: true });
  }, [id, raw, navigate]);
  const query = useLicenceQuery(id);
  const lang = languageFromTag(i18n.language) ?? 'en';

  let body;
  if (id === null) {
    body = <Verdict kind="malformed" title={t('verify.malformed')} detail={t('verify.malformedBody')} />;
  } else if (query.isPending) {
    body = <p role="status">{t('common.loading')}</p>;
  } else if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    body = notFound ? (
      <Verdict kind="unknown" id={id} title={t('verify.notFound')} detail={t('verify.notFoundBody', { id })} />
    ) : (
      <Verdict kind="unknown" id={id} title={t('verify.failed')} detail={query.error.message} />
    );
  } else {
    body = <LicenceRecord licence={query.data} lang={lang} />;
  }

  return (
    <div className="sori-page sori-page-narrow sori-verify">
      <p className="sori-verify-eyebrow">{t('verify.eyebrow')}</p>
      {body}
      <CheckAnother current={id} />
    </div>
  );
}

/** The heading of the verdict on `id` once it is on screen (not while it loads), else null. */
function verdictHeading(id: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-testid="licence-verdict"][data-licence-id="${id}"] h1`);
}

function Verdict({
  kind,
  id,
  title,
  detail,
}: {
  kind: 'valid' | 'revoked' | 'unknown' | 'malformed';
  id?: string;
  title: string;
  detail?: string;
}) {
  const icon = kind === 'valid' ? 'check' : kind === 'revoked' ? 'close' : 'info';
  return (
    <div className={`sori-verdict sori-verdict-${kind}`} data-testid="licence-verdict" data-verdict={kind} data-licence-id={id}>
      <Icon name={icon} aria-hidden="true" className="sori-verdict-icon" />
      <div>
        <h1 className="sori-verdict-title" tabIndex={-1}>
          {title}
        </h1>
        {detail ? <p className="sori-verdict-detail">{detail}</p> : null}
      </div>
    </div>
  );
}

function LicenceRecord({ licence, lang }: { licence: PublicLicence; lang: 'ko' | 'en' | 'ja' }) {
  const { t } = useTranslation();
  const site = useSiteQuery();
  const date = (iso: string) => licenceTime(iso, lang);
  const revoked = licence.status === 'revoked';
  return (
    <>
      {revoked ? (
        <Verdict
          kind="revoked"
          id={licence.id}
          title={t('verify.revoked')}
          detail={t('verify.revokedBody', {
            date: licence.revokedAt ? date(licence.revokedAt) : '',
            reason: licence.revocationReason ?? '',
          })}
        />
      ) : (
        <Verdict
          kind="valid"
          id={licence.id}
          title={t('verify.valid')}
          detail={t('verify.validBody', { licensor: licensorName(licence.licensor.name, lang, site.data) })}
        />
      )}
      <dl className="sori-licence-fields">
        <dt>{t('verify.id')}</dt>
        <dd className="font-monospace" data-testid="licence-id">
          {licence.id}
        </dd>
        <dt>{t('verify.track')}</dt>
        <dd>
          {licence.track.title}
          {licence.track.artist ? <span className="text-body-secondary"> — {licence.track.artist}</span> : null}
        </dd>
        <dt>{t('verify.licensee')}</dt>
        <dd>
          {isWithdrawnLicensee(licence.licensee) ? (
            <>
              {t('verify.withdrawnLicensee')}
              <span className="d-block small text-body-secondary" data-testid="licensee-withdrawn-note">
                {t('verify.withdrawnNote')}
              </span>
            </>
          ) : (
            `${licence.licensee.name} (${licence.licensee.email})`
          )}
        </dd>
        {revoked ? null : <ClearedChannels id={licence.id} lang={lang} />}
        <dt>{t('verify.issued')}</dt>
        <dd>{date(licence.issuedAt)}</dd>
        <dt>{t('verify.plan')}</dt>
        <dd>
          {t(isGrantedLevel(licence.plan.name, licence.plan.level) ? 'verify.planGranted' : 'verify.planValue', {
            plan: t(`verify.plans.${licence.plan.name}` as 'verify.plans.free', { defaultValue: licence.plan.name }),
            level: licence.plan.level,
          })}
        </dd>
        <dt>{t('verify.scope')}</dt>
        <dd>
          <ul className="sori-licence-scope">
            {licence.terms.scope.map((s) => (
              <li key={s}>{LICENCE_SCOPE_LABELS[s as LicenceScope]?.[lang] ?? s}</li>
            ))}
          </ul>
          <span className="small text-body-secondary">{t('verify.terms', { version: licence.terms.version })}</span>
        </dd>
        <dt>{t('verify.file')}</dt>
        <dd>
          {licence.file.name}
          {licence.edit === undefined ? null : (
            <span className="badge text-bg-secondary ms-2" data-testid="licence-edit">
              {t('trackPage.editName', { seconds: licence.edit })}
            </span>
          )}
          <code className="sori-licence-hash" aria-label={t('verify.fileHash')}>
            SHA-256 {licence.file.sha256}
          </code>
        </dd>
      </dl>
      <FileMatch sha256={licence.file.sha256} />
      {revoked ? null : <CopyDispute text={disputeText(licence, lang, site.data)} />}
      <p className="sori-licence-note small">
        {t('verify.signatureNote')}{' '}
        <a
          href={buildUrl(pathWith('/licences/:id/licence.json', { id: licence.id }))}
          download={`${licence.id}.json`}
          data-testid="licence-file"
        >
          {t('verify.fileLink')}
        </a>
        {' · '}
        <a href={KEY_URL}>{t('verify.keyLink')}</a>
      </p>
      <VerifyYourself />
    </>
  );
}

/**
 * How to check the signature without Sori: the page promised anyone could, and said no more. Three steps and
 * the script docs/LICENCES.md runs in its test (`LICENCE_VERIFY_SCRIPT`), folded away until asked for.
 */
function VerifyYourself() {
  const { t } = useTranslation();
  return (
    <details className="sori-verify-yourself small" data-testid="verify-yourself">
      <summary>{t('verify.yourself.title')}</summary>
      <ol>
        <li>{t('verify.yourself.save')}</li>
        <li>{t('verify.yourself.run')}</li>
        <li>{t('verify.yourself.read')}</li>
      </ol>
      <pre className="sori-verify-script" tabIndex={0} aria-label={t('verify.yourself.script')}>
        <code>{LICENCE_VERIFY_SCRIPT}</code>
      </pre>
    </details>
  );
}

/**
 * The channels the licensee has cleared, where videos may use the track (shown only when there are some), each
 * with the day it has been cleared since, written as the certificate writes it. They come beside the licence
 * (`GET /api/licences/{id}/channels`), not in it: not signed, as the note under them says.
 */
function ClearedChannels({ id, lang }: { id: string; lang: 'ko' | 'en' | 'ja' }) {
  const { t } = useTranslation();
  const channels = useLicenceChannelsQuery(id, true);
  if (!channels.data || channels.data.length === 0) return null;
  return (
    <>
      <dt>{t('verify.channels')}</dt>
      <dd data-testid="licence-channels">
        <ul className="list-unstyled mb-1">
          {channels.data.map((c) => (
            <li key={`${c.platform}:${c.externalId}`}>
              <span className="badge text-bg-secondary me-2">{CHANNEL_PLATFORM_LABELS[c.platform][lang]}</span>
              <a href={c.url} target="_blank" rel="noopener noreferrer" className="font-monospace">
                {c.externalId}
              </a>{' '}
              <span className="small text-body-secondary text-nowrap" data-testid="licence-channel-since">
                {t('verify.channelSince', { date: accountDate(c.clearedSince, lang) })}
              </span>
            </li>
          ))}
        </ul>
        <span className="small text-body-secondary">{t('verify.channelsNote')}</span>
      </dd>
    </>
  );
}

function CopyDispute({ text }: { text: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <section className="sori-dispute" aria-labelledby="dispute-title">
      <h2 id="dispute-title" className="h6">
        {t('verify.disputeTitle')}
      </h2>
      <p className="sori-dispute-text" data-testid="dispute-text">
        {text}
      </p>
      <Button variant="primary" onClick={() => void copy()}>
        <Icon name="file" aria-hidden="true" /> {t('verify.copyDispute')}
      </Button>
      <span role="status" className="sori-dispute-status ms-2">
        {state === 'copied' ? t('verify.copied') : state === 'failed' ? t('verify.copyFailed') : ''}
      </span>
    </section>
  );
}

/**
 * "Check another licence ID". The answer's heading then takes the focus, so a keyboard or screen-reader user
 * hears the verdict instead of nothing. A new address mounts the page anew (`ScreenBoundary`), this form and
 * the focus in it included: `ScreenBoundary` then puts the focus on the new page's heading, the verdict's, once
 * it is on screen, as after any navigation. The same id is no new address: its verdict is
 * focused here.
 */
function CheckAnother({ current }: { current: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = parseLicenceId(value);
    setInvalid(id === null);
    if (id === null) return;
    if (id === current) {
      // The licence on screen: nothing is mounted anew, its verdict is read again.
      verdictHeading(id)?.focus();
      return;
    }
    void navigate(verifyPath(id));
  };
  return (
    <Form className="sori-verify-form" onSubmit={submit} noValidate>
      <Form.Label htmlFor={inputId}>{t('verify.checkAnother')}</Form.Label>
      <div className="d-flex gap-2">
        <Form.Control
          id={inputId}
          value={value}
          placeholder="SORI-XXXX-XXXX-XXXX"
          autoComplete="off"
          spellCheck={false}
          isInvalid={invalid}
          aria-describedby={invalid ? `${inputId}-error` : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" variant="outline-secondary" className="text-nowrap flex-shrink-0">
          {t('verify.check')}
        </Button>
      </div>
      {invalid ? (
        <Form.Control.Feedback type="invalid" id={`${inputId}-error`} className="d-block">
          {t('verify.malformed')}
        </Form.Control.Feedback>
      ) : null}
    </Form>
  );
}
