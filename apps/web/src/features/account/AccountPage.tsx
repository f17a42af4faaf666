import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  CHANNEL_PLATFORM_LABELS,
  accountDate,
  licensorName,
  isGrantedLevel,
  licenceDate,
  normaliseChannel,
  PLAN_LABELS,
  profileTooLong,
  TEXT_LIMITS,
  tooLongDetails,
  unmetPasswordRules,
  validateNewPassword,
  validateProfile,
  type Channel,
  type Consent,
  type User,
} from '@sori/contract';
import { ConfirmModal } from '../../components/ConfirmModal';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { FormError } from '../../components/form/FormError';
import { FormModalHeader } from '../../components/form/FormModalHeader';
import { PasswordRules } from '../../components/form/PasswordRules';
import { PendingButton } from '../../components/form/PendingButton';
import { PasswordField, TextField } from '../../components/form/TextField';
import { useLang } from '../../i18n/useLang';
import { isApiError } from '../../lib/api-client';
import { notices } from '../../lib/notices';
import { ROUTES } from '../../lib/routes';
import { LoginRequired } from '../auth/LoginRequired';
import { sessionStore } from '../auth/session';
import { validationMessage } from '../auth/messages';
import { useSession } from '../auth/useSession';
import { useSiteQuery } from '../legal/queries';
import { verifyPath } from '../licences/queries';
import { neighbourOf, refocusAfterDialogs } from '../../lib/modal-focus';
import { CertificateButton, CreditButton, LicenceIdText, licensedTitle } from '../licences/LicenceLine';
import { UploadQuotaMeter } from '../uploads/UploadQuota';
import { invalidPasswordChangeFields, type PasswordChangeField, type PasswordChangeFields } from './password-change-fields';
import { accountDataDocument } from './data-document';
import { DevicesSection } from './DevicesSection';
import { failure } from './failure';
import { invalidProfileFields, type ProfileField, type ProfileFields } from './profile-fields';
import { Section } from './Section';
import {
  useAccountLicencesQuery,
  useAddChannelMutation,
  useChannelsQuery,
  useConsentsQuery,
  useMarketingMutation,
  usePasswordMutation,
  useProfileMutation,
  useRemoveChannelMutation,
  useWithdrawMutation,
  saveAccountData,
} from './queries';

/**
 * The account page (docs/ACCOUNTS.md): profile, password, plan and level, licences, upload use, consents
 * (marketing revocable), cleared channels, signed-in devices and withdrawal, each a section with its own form.
 */
export default function AccountPage() {
  const { t } = useTranslation();
  const { token, user } = useSession();
  if (!token || !user) {
    return (
      <div className="sori-page sori-page-narrow">
        <PageHeader title={t('account.title')} />
        <LoginRequired body={t('account.login')} />
      </div>
    );
  }
  return (
    <div className="sori-page sori-page-narrow sori-account">
      <PageHeader title={t('account.title')} subtitle={t('account.subtitle')} />
      <div className="sori-account-grid">
        <ProfileSection user={user} />
        <PlanSection user={user} />
        <ChannelsSection user={user} />
        <LicencesSection />
        <Section id="account-uploads" title={t('account.uploads.title')} testId="account-uploads">
          <UploadQuotaMeter />
        </Section>
        <ConsentsSection />
        <DataSection />
        <PasswordSection />
        <DevicesSection />
        <WithdrawSection />
      </div>
    </div>
  );
}

/** The profile's fields below the e-mail, two a row. */
const PROFILE_FIELDS = [
  { name: 'nick', label: 'account.profile.nick', type: 'text', autoComplete: 'nickname', marker: 'required', maxLength: TEXT_LIMITS.name },
  { name: 'name', label: 'auth.fields.name', type: 'text', autoComplete: 'name', marker: 'required', maxLength: TEXT_LIMITS.name },
  {
    name: 'phone',
    label: 'auth.fields.phone',
    type: 'tel',
    autoComplete: 'tel',
    inputMode: 'tel',
    marker: 'required',
    maxLength: TEXT_LIMITS.phone,
  },
  { name: 'team', label: 'auth.fields.team', type: 'text', autoComplete: 'organization', marker: 'optional', maxLength: TEXT_LIMITS.team },
] as const;

const PROFILE_ERROR_ID = 'account-profile-error';

function ProfileSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const lang = useLang();
  const save = useProfileMutation();
  const [form, setForm] = useState<ProfileFields>({ nick: user.nick, name: user.name, phone: user.phone, team: user.team ?? '' });
  const [error, setError] = useState<string | null>(null);
  // The fields the error is about: marked invalid and described by it, the first one focused (as in sign-up).
  const [marked, setMarked] = useState<readonly ProfileField[]>([]);
  const field = (name: ProfileField) => ({
    value: form[name],
    onChange: (value: string) => setForm((f) => ({ ...f, [name]: value })),
    ...(marked.includes(name) ? { invalid: true, errorId: PROFILE_ERROR_ID } : {}),
  });
  const fail = (message: string, code: string | null) => {
    const invalidFields = invalidProfileFields(code, form);
    setError(message);
    setMarked(invalidFields);
    if (invalidFields[0]) document.getElementById(`account-${invalidFields[0]}`)?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const invalid = validateProfile(form);
    if (invalid) {
      fail(validationMessage(invalid, lang, invalid === 'FIELD_TOO_LONG' ? tooLongDetails(profileTooLong(form)!) : undefined), invalid);
      return;
    }
    setError(null);
    setMarked([]);
    save.mutate(form, {
      onSuccess: (saved) => {
        // The number as kept ("010-1234-5678", or E.164 from abroad), so the field shows what was saved.
        setForm((f) => ({ ...f, phone: saved.phone }));
        notices.show('success', t('account.saved'));
      },
      onError: (e) => fail(failure(e, t('account.saveFailed')), isApiError(e) ? e.code : null),
    });
  };
  return (
    <Section id="account-profile" title={t('account.profile.title')} testId="account-profile">
      <Form noValidate onSubmit={submit}>
        <FormError message={error} id={PROFILE_ERROR_ID} testId="profile-error" />
        <Form.Group className="mb-3" controlId="account-email">
          <Form.Label>{t('auth.fields.email')}</Form.Label>
          <Form.Control type="email" value={user.email} readOnly plaintext aria-describedby="account-email-note" />
          <Form.Text id="account-email-note">{t('account.profile.emailNote')}</Form.Text>
        </Form.Group>
        <div className="row g-3 mb-3">
          {PROFILE_FIELDS.map(({ name, label, ...input }) => (
            <TextField key={name} className="col-sm-6" controlId={`account-${name}`} label={t(label)} {...input} {...field(name)} />
          ))}
        </div>
        <PendingButton type="submit" variant="primary" pending={save.isPending} data-testid="profile-save">
          {t('account.profile.save')}
        </PendingButton>
      </Form>
    </Section>
  );
}

const PASSWORD_ERROR_ID = 'account-password-error';

/** The ids of the password change's inputs (their groups' controlId). */
const PASSWORD_IDS: Record<PasswordChangeField, string> = {
  currentPassword: 'account-current-password',
  password: 'account-new-password',
  confirmPassword: 'account-confirm-password',
};

function PasswordSection() {
  const { t } = useTranslation();
  const lang = useLang();
  const change = usePasswordMutation();
  const empty: PasswordChangeFields = { currentPassword: '', password: '', confirmPassword: '' };
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  // The fields the error is about: marked invalid and described by it, the first one focused (as in sign-up).
  const [marked, setMarked] = useState<readonly PasswordChangeField[]>([]);
  const [done, setDone] = useState(false);
  const [tried, setTried] = useState(false);
  const field = (name: PasswordChangeField) => ({
    value: form[name],
    onChange: (value: string) => setForm((f) => ({ ...f, [name]: value })),
    ...(marked.includes(name) ? { invalid: true, errorId: PASSWORD_ERROR_ID } : {}),
  });
  const fail = (message: string, code: string | null) => {
    const invalidFields = invalidPasswordChangeFields(code, form);
    setError(message);
    setMarked(invalidFields);
    if (invalidFields[0]) document.getElementById(PASSWORD_IDS[invalidFields[0]])?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    setDone(false);
    const invalid = form.currentPassword ? validateNewPassword(form.password, form.confirmPassword) : 'SIGNUP_REQUIRED_FIELDS';
    setTried(invalid !== null && unmetPasswordRules(form.password, form.confirmPassword).length > 0);
    if (invalid) {
      fail(validationMessage(invalid, lang), invalid);
      return;
    }
    setError(null);
    setMarked([]);
    change.mutate(form, {
      onSuccess: () => {
        setForm(empty);
        setDone(true);
      },
      onError: (e) => fail(failure(e, t('account.saveFailed')), isApiError(e) ? e.code : null),
    });
  };
  return (
    <Section id="account-password" title={t('account.password.title')} testId="account-password">
      <Form noValidate onSubmit={submit}>
        <FormError message={error} id={PASSWORD_ERROR_ID} testId="password-error" />
        {done ? (
          <Alert variant="success" role="status" className="py-2 small" data-testid="password-done">
            {t('account.password.done')}
          </Alert>
        ) : null}
        <PasswordField
          className="mb-3"
          controlId={PASSWORD_IDS.currentPassword}
          label={t('account.password.current')}
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <div className="row g-3 mb-3">
          <PasswordField
            className="col-sm-6"
            controlId={PASSWORD_IDS.password}
            label={t('account.password.new')}
            autoComplete="new-password"
            hint={<PasswordRules password={form.password} confirmPassword={form.confirmPassword} tried={tried} />}
            {...field('password')}
          />
          <PasswordField
            className="col-sm-6"
            controlId={PASSWORD_IDS.confirmPassword}
            label={t('account.password.confirm')}
            autoComplete="new-password"
            {...field('confirmPassword')}
          />
        </div>
        <PendingButton type="submit" variant="primary" pending={change.isPending} data-testid="password-submit">
          {t('account.password.submit')}
        </PendingButton>
      </Form>
    </Section>
  );
}

function PlanSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Section id="account-plan" title={t('account.plan.title')} testId="account-plan">
      <p className="fs-5 fw-semibold mb-1" data-testid="account-plan-value">
        {t(isGrantedLevel(user.plan, user.level) ? 'account.plan.granted' : 'account.plan.value', {
          plan: PLAN_LABELS[user.plan][lang],
          level: user.level,
        })}
      </p>
      {user.planExpiresAt ? (
        <p className="small text-body-secondary">{t('account.plan.until', { date: accountDate(user.planExpiresAt, lang) })}</p>
      ) : null}
      <Link to={ROUTES.plan} className="btn btn-outline-secondary btn-sm">
        {t('account.plan.see')}
      </Link>
    </Section>
  );
}

function LicencesSection() {
  const { t } = useTranslation();
  const lang = useLang();
  const licences = useAccountLicencesQuery();
  const items = licences.data?.content ?? [];
  return (
    <Section id="account-licences" title={t('account.licences.title')} testId="account-licences">
      {licences.isError ? <p className="text-danger small">{t('account.loadFailed')}</p> : null}
      {licences.isSuccess && items.length === 0 ? <p className="text-body-secondary small">{t('account.licences.empty')}</p> : null}
      {items.length > 0 ? (
        <ul className="list-unstyled sori-account-list">
          {items.map((l) => (
            <li key={l.id} data-testid="account-licence">
              <div className="fw-semibold">
                {l.trackTitle}
                {l.trackArtist ? <span className="text-body-secondary fw-normal"> · {l.trackArtist}</span> : null}
                {l.edit !== undefined ? (
                  <span className="badge text-bg-secondary ms-2" data-testid="account-licence-edit">
                    {t('trackPage.editName', { seconds: l.edit })}
                  </span>
                ) : null}
                {l.status === 'revoked' ? <span className="badge text-bg-danger ms-2">{t('account.licences.revoked')}</span> : null}
              </div>
              <div className="small d-flex flex-wrap gap-2 align-items-center">
                <LicenceIdText id={l.id} date={licenceDate(l.issuedAt, lang)} />
                <CertificateButton id={l.id} title={licensedTitle(t, l.trackTitle, l.edit)} />
                <Link
                  to={verifyPath(l.id)}
                  className="btn btn-link btn-sm p-0"
                  aria-label={t('licence.verifyOf', { title: licensedTitle(t, l.trackTitle, l.edit) })}
                >
                  {t('licence.verify')}
                </Link>
                {l.status === 'revoked' ? null : (
                  <CreditButton
                    id={l.id}
                    track={{ title: l.trackTitle, artist: l.trackArtist ?? null }}
                    name={licensedTitle(t, l.trackTitle, l.edit)}
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <Link to={ROUTES.download} className="small">
        {t('account.licences.all')}
      </Link>
    </Section>
  );
}

const CONSENT_LABEL = {
  terms: 'account.consents.terms',
  privacy: 'account.consents.privacy',
  marketing: 'account.consents.marketing',
} as const;

function ConsentsSection() {
  const { t } = useTranslation();
  const lang = useLang();
  const consents = useConsentsQuery();
  const marketing = useMarketingMutation();
  const site = useSiteQuery();
  const describe = (c: Consent) =>
    c.agreed && c.agreedAt
      ? t('account.consents.agreedOn', { date: accountDate(c.agreedAt, lang), version: c.version })
      : c.withdrawnAt
        ? t('account.consents.withdrawnOn', { date: accountDate(c.withdrawnAt, lang) })
        : t('account.consents.never');
  return (
    <Section id="account-consents" title={t('account.consents.title')} testId="account-consents">
      {consents.isError ? <p className="text-danger small">{t('account.loadFailed')}</p> : null}
      <ul className="list-unstyled sori-account-list mb-3">
        {(consents.data ?? []).map((c) => (
          <li key={c.kind} data-testid={`consent-${c.kind}`}>
            <div className="fw-semibold">{t(CONSENT_LABEL[c.kind])}</div>
            <div className="small text-body-secondary">{describe(c)}</div>
          </li>
        ))}
      </ul>
      {consents.data ? (
        <Form.Check
          type="switch"
          id="account-marketing"
          role="switch"
          label={t('account.consents.marketingToggle')}
          // While the choice is saved the switch shows it, and stays focusable (a disabled control drops the
          // focus to the page's start): aria-disabled says it is busy and a second press is ignored. A failure
          // puts back what the server holds.
          checked={marketing.isPending ? marketing.variables : (consents.data.find((c) => c.kind === 'marketing')?.agreed ?? false)}
          aria-disabled={marketing.isPending || undefined}
          className={marketing.isPending ? 'sori-switch-busy' : undefined}
          onChange={(e) => {
            if (marketing.isPending) return;
            marketing.mutate(e.target.checked, {
              // The result as the Network Act (art. 50(8)) asks it told: the sender, the day, what was done (a
              // mail says it too, when mail is on).
              onSuccess: (c) => {
                const day = c.agreed ? c.agreedAt : c.withdrawnAt;
                const sender = site.data ? licensorName(site.data.companyName, lang, site.data) : 'Sori';
                const date = day ? accountDate(day, lang) : '';
                notices.show(
                  'success',
                  t(c.agreed ? 'account.consents.agreedNotice' : 'account.consents.withdrawnNotice', { sender, date }),
                );
              },
              onError: (err) => notices.show('danger', failure(err, t('account.saveFailed'))),
            });
          }}
        />
      ) : null}
    </Section>
  );
}

/**
 * "내 정보 내려받기": everything Sori keeps about the member (the privacy law's right of access), with what it
 * holds said first, as a JSON file to take elsewhere or as an HTML document to read (in the page's language,
 * times in KST). A button is busy while its file is made, keeping the focus; a notice names the saved file, or
 * says why not.
 */
function DataSection() {
  const { t } = useTranslation();
  const lang = useLang();
  // Which file is being made: the JSON, or the document to read.
  const [pending, setPending] = useState<'json' | 'html' | null>(null);
  const save = async (kind: 'json' | 'html') => {
    if (pending) return;
    setPending(kind);
    try {
      const name = await saveAccountData(kind === 'html' ? (data) => accountDataDocument(data, lang, t) : undefined);
      notices.show('success', t('account.data.saved', { name }));
    } catch (err) {
      notices.show('danger', failure(err, t('account.data.failed')));
    } finally {
      setPending(null);
    }
  };
  return (
    <Section id="account-data" title={t('account.data.title')} testId="account-data">
      <p className="small text-body-secondary">{t('account.data.intro')}</p>
      <div className="d-flex flex-wrap gap-2">
        <PendingButton
          variant="outline-secondary"
          pending={pending === 'json'}
          onClick={() => void save('json')}
          data-testid="account-data-save"
        >
          <Icon name="download" aria-hidden="true" /> {t('account.data.save')}
        </PendingButton>
        <PendingButton
          variant="outline-secondary"
          pending={pending === 'html'}
          onClick={() => void save('html')}
          data-testid="account-data-document"
        >
          <Icon name="file" aria-hidden="true" /> {t('account.data.saveDocument')}
        </PendingButton>
      </div>
    </Section>
  );
}

function ChannelsSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSiteQuery();
  const channels = useChannelsQuery();
  const add = useAddChannelMutation();
  const remove = useRemoveChannelMutation();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The address is what the error is about (refused as not a channel, or past a limit): the field is marked.
  const [addressRefused, setAddressRefused] = useState(false);
  // A removal is asked first: the clearance ends at once, and a channel added again is cleared from that day.
  const [removing, setRemoving] = useState<Channel | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  // A website (not a platform's channel) about to be registered, as it will be kept: asked first.
  const [confirmingSite, setConfirmingSite] = useState<{ address: string; shown: string } | null>(null);
  const [siteError, setSiteError] = useState<string | null>(null);
  const limit = site.data?.plans.find((p) => p.id === user.plan)?.channels ?? 0;
  const list = channels.data ?? [];
  const holding = list.filter((c) => c.endsAt === null).length;
  // After a removal the focus stays in the list (its button was disabled meanwhile, which drops the focus): on
  // the same channel's button while it is still listed (its clearance ending), else on the one that took its
  // place or the one before, else on the address field.
  const refocus = (id: number) => {
    const next = neighbourOf(
      list.map((c) => c.id),
      id,
    );
    const target = () =>
      document.querySelector<HTMLElement>(`[data-testid="channel-remove"][data-channel="${id}"]`) ??
      document.querySelector<HTMLElement>(`[data-testid="channel-remove"][data-channel="${next}"]`) ??
      document.getElementById('account-channel-url');
    // The buttons are disabled while the removal is under way, and a disabled button takes no focus; the address
    // field comes back only once the list has been fetched again.
    refocusAfterDialogs(target, {
      until: () => {
        const el = target();
        return el !== null && !el.matches(':disabled');
      },
    });
  };
  const confirmRemove = () => {
    const channel = removing;
    if (!channel || remove.isPending) return;
    setRemoveError(null);
    remove.mutate(channel.id, {
      onSuccess: () => {
        setRemoving(null);
        notices.show('success', t('account.channels.removed'));
        refocus(channel.id);
      },
      onError: (e) => setRemoveError(failure(e, t('account.saveFailed'))),
    });
  };
  const closeRemove = () => {
    const channel = removing;
    setRemoving(null);
    setRemoveError(null);
    if (channel) refocus(channel.id);
  };
  // Registered from the form, or from the website step, whose dialog then says why not (as the removal's does).
  const register = (address: string, fromDialog: boolean) => {
    setError(null);
    setAddressRefused(false);
    setSiteError(null);
    add.mutate(address, {
      onSuccess: (created) => {
        setUrl('');
        setConfirmingSite(null);
        notices.show('success', t('account.channels.added'));
        // Once the list has it: with the allowance now used the form gives way, and the focus goes to the new
        // channel's remove button rather than the page's start (focus still on the form is left there).
        const added = () => document.querySelector<HTMLElement>(`[data-testid="channel-remove"][data-channel="${created.id}"]`);
        refocusAfterDialogs(added, { until: () => added() !== null });
      },
      onError: (e) => {
        if (fromDialog) {
          setSiteError(failure(e, t('account.saveFailed')));
          return;
        }
        setError(failure(e, t('account.saveFailed')));
        setAddressRefused(isApiError(e) && e.status === 400);
        document.getElementById('account-channel-url')?.focus();
      },
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = url.trim();
    if (!address || add.isPending) return;
    // Any other web page is taken as a channel too: asked first, saying it takes a slot and is shown publicly.
    const channel = normaliseChannel(address);
    if ('platform' in channel && channel.platform === 'web') {
      setError(null);
      setAddressRefused(false);
      setSiteError(null);
      setConfirmingSite({ address, shown: channel.url });
      return;
    }
    register(address, false);
  };
  return (
    <Section id="account-channels" title={t('account.channels.title')} testId="account-channels">
      <p className="small text-body-secondary">{t('account.channels.intro')}</p>
      <p className="small fw-semibold" data-testid="channel-allowance">
        {limit > 0
          ? t('account.channels.allowance', { plan: PLAN_LABELS[user.plan][lang], used: holding, limit })
          : t('account.channels.none')}
      </p>
      {list.length === 0 && channels.isSuccess && limit > 0 ? (
        <p className="small text-body-secondary">{t('account.channels.empty')}</p>
      ) : null}
      <ul className="list-unstyled sori-account-list">
        {list.map((c) => (
          <li key={c.id} className="d-flex justify-content-between align-items-start gap-2" data-testid="channel-item">
            {/* Only the id breaks anywhere (a UC… id is one long word): Bootstrap's text-break on the whole line
                outranks Korean keep-all, and broke "2026년 12월 4일부터" inside its words on a phone. */}
            <div className="min-w-0">
              <div>
                <span className="badge text-bg-secondary me-2">{CHANNEL_PLATFORM_LABELS[c.platform][lang]}</span>
                <a href={c.url} target="_blank" rel="noopener noreferrer" className="font-monospace small text-break">
                  {c.externalId}
                </a>
              </div>
              <div className="small text-body-secondary">
                {c.endsAt
                  ? t('account.channels.endsOn', { date: accountDate(c.endsAt, lang) })
                  : t('account.channels.since', { date: accountDate(c.clearedSince, lang) })}
              </div>
            </div>
            <Button
              variant="outline-secondary"
              size="sm"
              className="text-nowrap flex-shrink-0"
              disabled={remove.isPending}
              aria-label={t('account.channels.removeLabel', { channel: c.externalId })}
              onClick={() => setRemoving(c)}
              data-testid="channel-remove"
              data-channel={c.id}
            >
              {t('account.channels.remove')}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmModal
        show={removing !== null}
        title={t('account.channels.removeTitle')}
        body={removing ? t('account.channels.removeBody', { channel: removing.externalId }) : ''}
        confirmLabel={t('account.channels.remove')}
        pending={remove.isPending}
        error={removeError}
        onConfirm={confirmRemove}
        onClose={closeRemove}
        testId="channel-remove-dialog"
      />
      <ConfirmModal
        show={confirmingSite !== null}
        title={t('account.channels.siteTitle')}
        body={
          <>
            <span className="d-block font-monospace text-break mb-2" data-testid="channel-site-address">
              {confirmingSite?.shown}
            </span>
            {t('account.channels.siteBody', { plan: PLAN_LABELS[user.plan][lang] })}
          </>
        }
        note={t('account.channels.siteNote')}
        confirmLabel={t('account.channels.siteConfirm')}
        confirmVariant="primary"
        pending={add.isPending}
        error={siteError}
        onConfirm={() => {
          if (confirmingSite !== null && !add.isPending) register(confirmingSite.address, true);
        }}
        onClose={() => {
          if (add.isPending) return;
          setConfirmingSite(null);
          setSiteError(null);
        }}
        testId="channel-site-dialog"
      />
      {site.isSuccess && limit === 0 ? (
        // A plan without clearance has nothing to register: the way to one, not a form that can only fail.
        <Link to={ROUTES.plan} className="btn btn-outline-secondary btn-sm" data-testid="channel-plans">
          {t('account.plan.see')}
        </Link>
      ) : site.isSuccess && channels.isSuccess && holding >= limit ? (
        // The allowance is used: said before anything is typed, with the two ways on, not after a refused try.
        <div data-testid="channel-full">
          <p className="small mb-2">{t('account.channels.full')}</p>
          <Link to={ROUTES.plan} className="btn btn-outline-secondary btn-sm">
            {t('account.plan.see')}
          </Link>
        </div>
      ) : (
        <Form noValidate onSubmit={submit}>
          <FormError message={error} id="account-channel-error" testId="channel-error" />
          <Form.Group controlId="account-channel-url" className="mb-2">
            <Form.Label>{t('account.channels.label')}</Form.Label>
            {/* On a phone the button goes under the field, which keeps the width to show an address. */}
            <div className="d-flex flex-column flex-sm-row gap-2">
              <Form.Control
                type="text"
                inputMode="url"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                placeholder={t('account.channels.placeholder')}
                isInvalid={addressRefused || undefined}
                aria-invalid={addressRefused || undefined}
                aria-describedby={error ? 'account-channel-error account-channel-hint' : 'account-channel-hint'}
              />
              <PendingButton
                type="submit"
                variant="primary"
                className="text-nowrap align-self-start align-self-sm-auto"
                pending={add.isPending}
                data-testid="channel-add"
              >
                {t('account.channels.add')}
              </PendingButton>
            </div>
            <Form.Text id="account-channel-hint">{t('account.channels.hint')}</Form.Text>
          </Form.Group>
        </Form>
      )}
    </Section>
  );
}

/** What withdrawal does, as a list: what goes at once, what stays valid, what is kept and for how long. */
function WithdrawConsequences() {
  const { t } = useTranslation();
  return (
    <>
      <p className="small mb-1">{t('account.withdraw.body')}</p>
      <ul className="small" data-testid="withdraw-consequences">
        <li>{t('account.withdraw.deleted')}</li>
        <li>{t('account.withdraw.channels')}</li>
        <li>
          {t('account.withdraw.licences')} <Link to={ROUTES.download}>{t('account.withdraw.saveCertificates')}</Link>
        </li>
        <li>{t('account.withdraw.plan')}</li>
        <li>{t('account.withdraw.kept')}</li>
      </ul>
    </>
  );
}

function WithdrawSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const withdraw = useWithdrawMutation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The password was refused: the field is what the error is about, marked and focused.
  const [refused, setRefused] = useState(false);
  const close = () => {
    setOpen(false);
    setPassword('');
    setError(null);
    setRefused(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (withdraw.isPending) return;
    withdraw.mutate(password, {
      onSuccess: () => {
        close();
        notices.show('success', t('account.withdraw.done'));
        // There is no account left to show: the home page, whose heading takes the focus as any new screen's
        // does (the notice is said there), rather than this page's sign-in prompt with the focus on the page's
        // start. In place of this page, so that Back does not come to it.
        void navigate(ROUTES.home, { replace: true });
        sessionStore.clear();
      },
      onError: (e) => {
        setError(failure(e, t('account.saveFailed')));
        const wrong = isApiError(e) && e.code === 'PASSWORD_WRONG';
        setRefused(wrong);
        if (wrong) document.getElementById('withdraw-password')?.focus();
      },
    });
  };
  return (
    <Section id="account-withdraw" title={t('account.withdraw.title')} testId="account-withdraw">
      <WithdrawConsequences />
      <Button variant="danger" onClick={() => setOpen(true)} data-testid="withdraw-open">
        {t('account.withdraw.button')}
      </Button>
      <Modal show={open} onHide={close} centered aria-labelledby="withdraw-title" data-testid="withdraw-dialog">
        <Form noValidate onSubmit={submit}>
          <FormModalHeader titleId="withdraw-title" title={t('account.withdraw.confirmTitle')} />
          <Modal.Body>
            <WithdrawConsequences />
            <FormError message={error} id="withdraw-error" testId="withdraw-error" />
            <PasswordField
              controlId="withdraw-password"
              label={t('account.withdraw.password')}
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={setPassword}
              errorId={error ? 'withdraw-error' : undefined}
              invalid={refused}
            />
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={close}>
              {t('common.cancel')}
            </Button>
            <PendingButton type="submit" variant="danger" pending={withdraw.isPending} disabled={!password} data-testid="withdraw-confirm">
              {t('account.withdraw.confirm')}
            </PendingButton>
          </Modal.Footer>
        </Form>
      </Modal>
    </Section>
  );
}
