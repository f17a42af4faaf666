import { Fragment, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { accountDate, DEVICE_PLATFORM_LABELS, deviceName, type DeviceSession } from '@sori/contract';
import { Icon, type IconName } from '../../components/Icon';
import { PendingButton } from '../../components/form/PendingButton';
import { useLang } from '../../i18n/useLang';
import { isApiError } from '../../lib/api-client';
import { neighbourOf, refocusAfterDialogs } from '../../lib/modal-focus';
import { notices } from '../../lib/notices';
import { useSiteQuery } from '../legal/queries';
import { usedAgo } from './device-time';
import { failure } from './failure';
import { useAlertsMutation, useAlertsQuery, useEndSessionMutation, useSessionsQuery } from './queries';
import { Section } from './Section';

const PLATFORM_ICONS: Record<NonNullable<DeviceSession['platform']>, IconName> = {
  desktop: 'desktop',
  mobile: 'mobile',
  tablet: 'tablet',
  tv: 'tv',
};

/**
 * Short facts joined by " · ", each kept whole ("2026년 12월 4일 로그인" does not break inside a word, which a
 * narrow phone did), a line breaking only after a dot, never before one.
 */
function DotList({ items }: { items: readonly (string | null)[] }) {
  const shown = items.filter((item): item is string => Boolean(item));
  return shown.map((item, i) => (
    <Fragment key={i}>
      {i > 0 ? ' ' : null}
      <span className="d-inline-block">{i < shown.length - 1 ? `${item}\u00a0·` : item}</span>
    </Fragment>
  ));
}

/** Where the focus goes once no other device is left to sign out: the line that says so. */
const ONLY_THIS_ID = 'account-devices-only-this';

/**
 * "로그인한 기기": the devices signed in to the account now (this one first), each with its browser, system, kind,
 * when it signed in and when it was last used; any other can be signed out at once, or all of them together.
 * What a member does on finding a device they do not know: the intro says to change the password too, and, with
 * mail on, that a sign-in from a device not used lately is told by mail.
 */
export function DevicesSection() {
  const { t } = useTranslation();
  const lang = useLang();
  const sessions = useSessionsQuery();
  const site = useSiteQuery();
  const end = useEndSessionMutation();
  // Which button is at work: one device's id, or 'others'.
  const [ending, setEnding] = useState<string | null>(null);
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current);
  const name = (s: DeviceSession) => deviceName(s, lang);
  // What a button and a notice call a device: its name and kind, since an iPhone and an iPad both read
  // "Safari · iOS" (the button is also described by the device's whole line).
  const fullName = (s: DeviceSession) => {
    const kind = s.platform ? DEVICE_PLATFORM_LABELS[s.platform][lang] : null;
    if (!kind) return name(s);
    return lang === 'ja' ? `${name(s)}（${kind}）` : `${name(s)} (${kind})`;
  };

  // After a device is signed out the focus stays in the list: on the next device's button (or the one before),
  // else on the line saying no other device is signed in, once the list has been fetched again.
  const refocus = (id: string | null) => {
    const next =
      id === null
        ? null
        : neighbourOf(
            others.map((s) => s.id),
            id,
          );
    const target = () =>
      (next !== null ? document.querySelector<HTMLElement>(`[data-testid="device-signout"][data-device="${next}"]`) : null) ??
      document.getElementById(ONLY_THIS_ID);
    refocusAfterDialogs(target, { until: () => target() !== null });
  };
  const signOut = (which: DeviceSession | 'others') => {
    if (end.isPending) return;
    setEnding(which === 'others' ? 'others' : which.id);
    end.mutate(which === 'others' ? 'others' : { id: which.id }, {
      onSuccess: (count) => {
        notices.show(
          'success',
          which === 'others'
            ? t('account.devices.othersSignedOut', { count })
            : t('account.devices.signedOut', { device: fullName(which) }),
        );
        refocus(which === 'others' ? null : which.id);
      },
      onError: (e) => {
        notices.show('danger', failure(e, t('account.devices.failed')));
        // Already signed out (elsewhere, or past its end): the list is fetched again, without it.
        if (which !== 'others' && isApiError(e) && e.status === 404) refocus(which.id);
      },
      onSettled: () => setEnding(null),
    });
  };

  return (
    <Section id="account-devices" title={t('account.devices.title')} testId="account-devices">
      <p className="small text-body-secondary">{t('account.devices.intro')}</p>
      {sessions.isError ? (
        <p className="small text-danger" role="alert">
          {t('account.loadFailed')}
        </p>
      ) : null}
      <ul className="list-unstyled sori-account-list" aria-labelledby="account-devices">
        {list.map((s) => {
          // As of when the list was fetched (it is fetched again on each visit and after each sign-out).
          const ago = s.current ? null : s.lastSeenAt ? usedAgo(s.lastSeenAt, sessions.dataUpdatedAt, lang) : undefined;
          return (
            <li key={s.id} className="d-flex justify-content-between align-items-start gap-2" data-testid="device-item">
              <div className="d-flex gap-2">
                <Icon name={s.platform ? PLATFORM_ICONS[s.platform] : 'globe'} aria-hidden="true" className="flex-shrink-0 mt-1" />
                <div>
                  <div>
                    <span className="fw-semibold" data-testid="device-name">
                      <DotList items={[deviceName({ browser: s.browser, os: null }, lang), s.os]} />
                    </span>
                    {s.current ? (
                      <>
                        {' '}
                        <span className="badge text-bg-primary ms-1">{t('account.devices.current')}</span>
                      </>
                    ) : null}
                  </div>
                  <div className="small text-body-secondary" id={`device-line-${s.id}`}>
                    <DotList
                      items={[
                        s.platform ? DEVICE_PLATFORM_LABELS[s.platform][lang] : null,
                        t('account.devices.signedIn', { date: accountDate(s.signedInAt, lang) }),
                        ago === null
                          ? t('account.devices.activeNow')
                          : ago === undefined
                            ? t('account.devices.lastUsedUnknown')
                            : t('account.devices.lastUsed', { when: ago }),
                      ]}
                    />
                  </div>
                </div>
              </div>
              {s.current ? null : (
                <PendingButton
                  variant="outline-secondary"
                  size="sm"
                  className="text-nowrap flex-shrink-0"
                  pending={ending === s.id}
                  aria-label={t('account.devices.signOutLabel', { device: fullName(s) })}
                  aria-describedby={`device-line-${s.id}`}
                  onClick={() => signOut(s)}
                  data-testid="device-signout"
                  data-device={s.id}
                >
                  {t('account.devices.signOut')}
                </PendingButton>
              )}
            </li>
          );
        })}
      </ul>
      {sessions.isSuccess && others.length === 0 ? (
        <p className="small mb-0" id={ONLY_THIS_ID} tabIndex={-1} data-testid="devices-only-this">
          {t('account.devices.onlyThis')}
        </p>
      ) : null}
      {others.length > 1 ? (
        <PendingButton
          variant="outline-danger"
          size="sm"
          pending={ending === 'others'}
          onClick={() => signOut('others')}
          data-testid="devices-signout-others"
        >
          <Icon name="logout" aria-hidden="true" /> {t('account.devices.signOutOthers')}
        </PendingButton>
      ) : null}
      {site.data?.mailEnabled ? <NewDeviceMailSwitch /> : null}
    </Section>
  );
}

/**
 * The mail on a sign-in from a new device, on unless the member turns it off (shown only where the server sends
 * mail). As the marketing switch: while the choice is saved the switch shows it and keeps the focus, a second
 * press is ignored, and a failure puts back what the server holds.
 */
function NewDeviceMailSwitch() {
  const { t } = useTranslation();
  const alerts = useAlertsQuery();
  const save = useAlertsMutation();
  if (!alerts.data) return null;
  return (
    <div className="mt-3 pt-3 border-top">
      <Form.Check
        type="switch"
        id="account-new-device-mail"
        role="switch"
        label={t('account.devices.mailToggle')}
        checked={save.isPending ? save.variables : alerts.data.newDevice}
        aria-disabled={save.isPending || undefined}
        aria-describedby="account-new-device-mail-note"
        className={save.isPending ? 'sori-switch-busy' : undefined}
        onChange={(e) => {
          if (save.isPending) return;
          save.mutate(e.target.checked, {
            onSuccess: (a) => notices.show('success', t(a.newDevice ? 'account.devices.mailOn' : 'account.devices.mailOff')),
            onError: (err) => notices.show('danger', failure(err, t('account.saveFailed'))),
          });
        }}
      />
      <p className="small text-body-secondary mb-0 mt-1" id="account-new-device-mail-note">
        {t('account.devices.mailNote')}
      </p>
    </div>
  );
}
