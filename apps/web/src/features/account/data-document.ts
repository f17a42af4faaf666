import type { TFunction } from 'i18next';
import {
  accountDate,
  CHANNEL_PLATFORM_LABELS,
  DEVICE_PLATFORM_LABELS,
  deviceName,
  escapeHtml,
  licenceTime,
  PLAN_LABELS,
  type AccountData,
  type ChannelPlatform,
  type DevicePlatform,
  type Lang,
} from '@sori/contract';

/** A cell: text (escaped here), or a link whose address and text are escaped here too. */
type Cell = string | { href: string; text: string };
const cell = (c: Cell) =>
  typeof c === 'string' ? escapeHtml(c) : `<a href="${escapeHtml(c.href)}" rel="noopener noreferrer">${escapeHtml(c.text)}</a>`;

function table(head: readonly string[], rows: readonly (readonly Cell[])[], none: string, name: string): string {
  if (rows.length === 0) return `<p class="none">${escapeHtml(none)}</p>`;
  return [
    // A table wider than a phone scrolls in its own box, which the keyboard can reach and a reader names.
    `<div class="scroll" role="region" tabindex="0" aria-label="${escapeHtml(name)}"><table>`,
    `<thead><tr>${head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead>`,
    `<tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${cell(c)}</td>`).join('')}</tr>`).join('')}</tbody>`,
    '</table></div>',
  ].join('\n');
}

const STYLE = [
  'body{font-family:system-ui,-apple-system,"Apple SD Gothic Neo","Malgun Gothic","Noto Sans KR","Hiragino Sans",sans-serif;',
  'line-height:1.6;color:#1d1b20;max-width:960px;margin:2rem auto;padding:0 1rem}',
  ':lang(ko) body{word-break:keep-all;overflow-wrap:break-word}',
  'h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #ccc;padding-bottom:.25rem}',
  'table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{border:1px solid #ccc;padding:.35rem .5rem;text-align:left;vertical-align:top}',
  'th{background:#f2f1f4}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}',
  '.none{color:#555}.note{color:#555;font-size:.9rem}h3{font-size:1rem}th,td a{white-space:nowrap}.scroll{overflow-x:auto}',
  '@media (max-width:480px){dl{grid-template-columns:1fr}}',
].join('');

/**
 * What Sori keeps about the member (`GET /api/my/data`) as a document a person reads: one HTML file in the
 * page's language, each kind of data under its heading, times in Korean time as the records keep them. The same
 * answer as the JSON file, laid out; every value from the data is escaped, and the file runs no script.
 */
export function accountDataDocument(data: AccountData, lang: Lang, t: TFunction): string {
  // The intro says once that every time is KST: the cells leave the suffix out.
  const at = (iso: string | null) => (iso ? licenceTime(iso, lang).replace(/ \(KST\)$/u, '') : '-');
  // Japanese sets its asides in full-width parentheses.
  const aside = (text: string) => (lang === 'ja' ? `（${text}）` : ` (${text})`);
  const none = t('accountDoc.none');
  const track = (r: { title: string; artist: string | null }) => (r.artist ? `${r.title} — ${r.artist}` : r.title);
  const a = data.account;
  const plan = PLAN_LABELS[a.plan]?.[lang] ?? a.plan;
  const facts: [string, string][] = [
    [t('auth.fields.email'), a.email],
    [t('account.profile.nick'), a.nick],
    [t('auth.fields.name'), a.name],
    [t('auth.fields.phone'), a.phone],
    [t('auth.fields.team'), a.team ?? '-'],
    [
      t('account.plan.title'),
      a.planExpiresAt ? `${plan}${aside(t('accountDoc.until', { date: accountDate(a.planExpiresAt, lang) }))}` : plan,
    ],
    [t('accountDoc.level'), String(a.level)],
    [t('accountDoc.joined'), at(a.createdAt)],
    [t('accountDoc.mailLanguage'), t(`accountDoc.languages.${a.language === 'en' || a.language === 'ja' ? a.language : 'ko'}`)],
    [t('accountDoc.newDeviceMail'), t(a.newDeviceAlerts ? 'accountDoc.mailOn' : 'accountDoc.mailOff')],
  ];
  const sections: [string, string][] = [
    [t('accountDoc.account'), `<dl>${facts.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`],
    [
      t('account.consents.title'),
      table(
        [t('accountDoc.item'), t('accountDoc.version'), t('accountDoc.agreed'), t('accountDoc.withdrawn')],
        data.consents.map((c) => [
          t(`account.consents.${c.kind}`),
          c.version,
          c.agreedAt ? at(c.agreedAt) : t('account.consents.never'),
          at(c.withdrawnAt),
        ]),
        none,
        t('account.consents.title'),
      ),
    ],
    [
      t('account.channels.title'),
      table(
        [t('accountDoc.platform'), t('accountDoc.channel'), t('accountDoc.registered'), t('accountDoc.ended')],
        data.channels.map((c) => [
          CHANNEL_PLATFORM_LABELS[c.platform as ChannelPlatform]?.[lang] ?? c.platform,
          { href: c.url, text: c.externalId },
          at(c.registeredAt),
          at(c.removedAt ?? c.endsAt),
        ]),
        none,
        t('account.channels.title'),
      ),
    ],
    [
      t('accountDoc.licences'),
      table(
        [t('accountDoc.licence'), t('accountDoc.track'), t('accountDoc.file'), t('accountDoc.issued'), t('accountDoc.status')],
        data.licences.map((l) => [
          { href: l.verifyUrl, text: l.id },
          l.edit ? `${track(l.track)}${aside(t('accountDoc.edit', { seconds: l.edit }))}` : track(l.track),
          l.fileName,
          at(l.issuedAt),
          l.status === 'revoked' ? `${t('account.licences.revoked')}${aside(at(l.revokedAt))}` : t('accountDoc.valid'),
        ]),
        none,
        t('accountDoc.licences'),
      ),
    ],
    [
      t('accountDoc.likes'),
      table(
        [t('accountDoc.track'), t('accountDoc.when')],
        data.likes.map((l) => [track(l.track), at(l.likedAt)]),
        none,
        t('accountDoc.likes'),
      ),
    ],
    [
      t('accountDoc.downloads'),
      table(
        [t('accountDoc.track'), t('accountDoc.first'), t('accountDoc.last'), t('accountDoc.count')],
        data.downloads.map((d) => [track(d.track), at(d.firstAt), at(d.lastAt), String(d.count)]),
        none,
        t('accountDoc.downloads'),
      ),
    ],
    [
      t('accountDoc.playlists'),
      data.playlists.length === 0
        ? `<p class="none">${escapeHtml(none)}</p>`
        : data.playlists
            .map(
              (p) =>
                `<h3>${escapeHtml(p.name)}</h3>` +
                (p.description ? `<p>${escapeHtml(p.description)}</p>` : '') +
                `<p class="note">${escapeHtml(t('accountDoc.playlistFacts', { created: at(p.createdAt), shared: t(p.shared ? 'accountDoc.shared' : 'accountDoc.notShared') }))}</p>` +
                table(
                  [t('accountDoc.track'), t('accountDoc.added')],
                  p.tracks.map((r) => [track(r), at(r.addedAt)]),
                  none,
                  p.name,
                ),
            )
            .join('\n'),
    ],
    [
      t('accountDoc.uploads'),
      table(
        [t('accountDoc.track'), t('accountDoc.file'), t('accountDoc.published'), t('accountDoc.uploaded')],
        data.uploads.map((u) => [
          track(u),
          u.fileName ?? '-',
          t(u.published ? 'accountDoc.public' : 'accountDoc.private'),
          at(u.uploadedAt),
        ]),
        none,
        t('accountDoc.uploads'),
      ),
    ],
    [
      // Signed-out sessions are in it too: a history, not the account page's list of devices signed in now.
      t('accountDoc.sessions'),
      table(
        [t('accountDoc.device'), t('accountDoc.signedIn'), t('accountDoc.lastUsed'), t('accountDoc.signedOut')],
        data.sessions.map((s) => {
          const kind = DEVICE_PLATFORM_LABELS[s.platform as DevicePlatform]?.[lang];
          return [
            kind ? `${deviceName(s, lang)}${aside(kind)}` : deviceName(s, lang),
            at(s.signedInAt),
            at(s.lastSeenAt),
            at(s.signedOutAt),
          ];
        }),
        none,
        t('accountDoc.sessions'),
      ),
    ],
  ];
  return [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8">`,
    // The file runs nothing and loads nothing, wherever it is opened.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    `<title>${escapeHtml(t('accountDoc.title'))}</title><style>${STYLE}</style></head><body>`,
    `<main><h1>${escapeHtml(t('accountDoc.title'))}</h1>`,
    `<p class="note">${escapeHtml(t('accountDoc.intro', { date: at(data.exportedAt) }))}</p>`,
    ...sections.map(([title, body]) => `<h2>${escapeHtml(title)}</h2>\n${body}`),
    '</main></body></html>',
    '',
  ].join('\n');
}
