import { accountDate, DEVICE_PLATFORM_LABELS, deviceName, escapeHtml, licenceTime, type Lang } from '@sori/contract';
import type { Device } from '../../lib/device';
import type { MailMessage } from '../../lib/mailer';

const RESET_TEXTS: Record<Lang, { subject: string; lines: (minutes: number) => string[]; button: string; footer: string }> = {
  ko: {
    subject: '[소리] 비밀번호 재설정 안내',
    lines: (minutes) => [
      '안녕하세요, 소리입니다.',
      '비밀번호 재설정을 요청하셨습니다. 아래 링크를 눌러 새 비밀번호를 설정해주세요.',
      `링크는 ${minutes}분 동안 한 번만 사용할 수 있습니다.`,
    ],
    button: '비밀번호 재설정하기',
    footer: '요청하신 적이 없다면 이 메일을 무시하셔도 됩니다. 비밀번호는 바뀌지 않습니다.',
  },
  en: {
    subject: '[Sori] Reset your password',
    lines: (minutes) => [
      'Hello from Sori.',
      'Someone asked to reset the password of your account. Open the link below to choose a new password.',
      `The link works once, for ${minutes} minutes.`,
    ],
    button: 'Reset my password',
    footer: 'If you did not ask for this, you can ignore this message: your password stays as it is.',
  },
  ja: {
    subject: '【Sori】パスワード再設定のご案内',
    lines: (minutes) => [
      'Soriをご利用いただきありがとうございます。',
      'パスワードの再設定を受け付けました。以下のリンクから新しいパスワードを設定してください。',
      `リンクの有効期限は${minutes}分で、一度だけご利用いただけます。`,
    ],
    button: 'パスワードを再設定する',
    footer: 'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
  },
};

/** The password-reset message in the account's language, as plain text and simple HTML. */
export function resetMail(to: string, lang: Lang, link: string, minutes: number): MailMessage {
  const t = RESET_TEXTS[lang];
  const lines = t.lines(minutes);
  const text = [...lines, '', link, '', t.footer].join('\n');
  const html = [
    `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.6">`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.button)}</a></p>`,
    `<p style="color:#555">${escapeHtml(t.footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject: t.subject, text, html };
}

const MARKETING_TEXTS: Record<
  Lang,
  {
    subject: (agreed: boolean) => string;
    lead: (agreed: boolean) => string;
    sender: string;
    date: string;
    result: string;
    done: (agreed: boolean) => string;
    footer: string;
  }
> = {
  ko: {
    subject: (agreed) => `[소리] 광고성 정보 수신 ${agreed ? '동의' : '동의 철회'} 처리 결과 안내`,
    lead: (agreed) =>
      `회원님의 요청에 따라 이벤트·혜택 정보(광고성 정보)의 이메일 수신 ${agreed ? '동의' : '동의 철회'}를 다음과 같이 처리했습니다.`,
    sender: '전송자',
    date: '처리 일자',
    result: '처리 내용',
    done: (agreed) => (agreed ? '수신 동의' : '수신 동의 철회(앞으로 이벤트·혜택 메일을 보내지 않습니다)'),
    footer:
      '이 안내는 「정보통신망 이용촉진 및 정보보호 등에 관한 법률」 제50조에 따라 보내 드립니다. 수신 여부는 내 계정의 동의 내역에서 언제든 바꿀 수 있습니다.',
  },
  en: {
    subject: (agreed) => `[Sori] Your consent to event and offer e-mails ${agreed ? 'is recorded' : 'is withdrawn'}`,
    lead: (agreed) =>
      `As you asked, we have ${agreed ? 'recorded your consent to' : 'withdrawn your consent to'} event and offer e-mails (advertising).`,
    sender: 'Sender',
    date: 'Date',
    result: 'Result',
    done: (agreed) => (agreed ? 'Consent given' : 'Consent withdrawn (we will send you no more event or offer e-mails)'),
    footer:
      'Korean law (the Network Act, article 50) asks us to confirm this. You can change it at any time under Consents on your account page.',
  },
  ja: {
    subject: (agreed) => `【Sori】広告情報の受信${agreed ? '同意' : '同意の撤回'}を受け付けました`,
    lead: (agreed) =>
      `ご依頼により、イベント・特典情報（広告情報）のメール受信${agreed ? 'への同意' : 'への同意の撤回'}を次のとおり処理しました。`,
    sender: '送信者',
    date: '処理日',
    result: '処理内容',
    done: (agreed) => (agreed ? '受信に同意' : '受信同意の撤回（今後、イベント・特典メールはお送りしません）'),
    footer: '韓国の情報通信網法第50条に基づきお知らせしています。受信の設定は、マイアカウントの同意履歴からいつでも変更できます。',
  },
};

/**
 * The notice of a marketing consent given or withdrawn, which the Network Act (art. 50(8)) asks a sender to
 * give: who sends, on which day, and what was done.
 */
export function marketingConsentMail(to: string, lang: Lang, change: { agreed: boolean; at: string; sender: string }): MailMessage {
  const t = MARKETING_TEXTS[lang];
  const facts = [`${t.sender}: ${change.sender}`, `${t.date}: ${accountDate(change.at, lang)}`, `${t.result}: ${t.done(change.agreed)}`];
  const text = [t.lead(change.agreed), '', ...facts, '', t.footer].join('\n');
  const html = [
    `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.6">`,
    `<p>${escapeHtml(t.lead(change.agreed))}</p>`,
    `<ul>${facts.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`,
    `<p style="color:#555">${escapeHtml(t.footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject: t.subject(change.agreed), text, html };
}

/** What a notice of something done from a device says: the lead, the facts' names, what to do, its button. */
interface DeviceNoticeTexts {
  subject: string;
  lead: string;
  time: string;
  device: string;
  address: string;
  ifYou: string;
  ifNot: string;
  button: string;
}

const NEW_DEVICE_TEXTS: Record<Lang, DeviceNoticeTexts> = {
  ko: {
    subject: '[소리] 새로운 기기에서 로그인되었습니다',
    lead: '회원님의 소리 계정에 최근 사용하지 않은 기기에서 로그인되었습니다.',
    time: '일시',
    device: '기기',
    address: 'IP 주소',
    ifYou: '본인이 로그인했다면 이 메일은 무시하셔도 됩니다.',
    ifNot:
      '본인이 아니라면 지금 비밀번호를 변경하고, 내 계정의 ‘로그인한 기기’에서 모르는 기기를 로그아웃해 주세요. 비밀번호를 변경하면 다른 기기는 모두 로그아웃됩니다.',
    button: '로그인한 기기 확인하기',
  },
  en: {
    subject: '[Sori] New sign-in to your account',
    lead: 'Your Sori account was just signed in to from a device it has not been used on recently.',
    time: 'Time',
    device: 'Device',
    address: 'IP address',
    ifYou: 'If this was you, you can ignore this message.',
    ifNot:
      'If it was not, change your password now and sign out any device you do not know under Signed-in devices on your account page. Changing the password signs out every other device.',
    button: 'Review signed-in devices',
  },
  ja: {
    subject: '【Sori】新しい端末からログインがありました',
    lead: 'お客様のSoriアカウントに、最近使われていない端末からログインがありました。',
    time: '日時',
    device: '端末',
    address: 'IPアドレス',
    ifYou: 'ご本人によるログインであれば、このメールは破棄してください。',
    ifNot:
      'お心当たりのない場合は、すぐにパスワードを変更し、マイアカウントの「ログイン中の端末」から心当たりのない端末をログアウトしてください。パスワードを変更すると、ほかの端末はすべてログアウトされます。',
    button: 'ログイン中の端末を確認する',
  },
};

/** A notice of something done from a device: when, the device ("Safari · iOS (휴대폰)"), the address, then what to do. */
function deviceNotice(
  to: string,
  lang: Lang,
  t: DeviceNoticeTexts,
  event: { at: string; device: Device; address: string },
  link: string,
): MailMessage {
  const kind = event.device.platform ? ` (${DEVICE_PLATFORM_LABELS[event.device.platform][lang]})` : '';
  const facts = [
    `${t.time}: ${licenceTime(event.at, lang)}`,
    `${t.device}: ${deviceName(event.device, lang)}${kind}`,
    `${t.address}: ${event.address}`,
  ];
  const text = [t.lead, '', ...facts, '', t.ifYou, t.ifNot, '', link].join('\n');
  const html = [
    `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.6">`,
    `<p>${escapeHtml(t.lead)}</p>`,
    `<ul>${facts.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`,
    `<p>${escapeHtml(t.ifYou)}<br>${escapeHtml(t.ifNot)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.button)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject: t.subject, text, html };
}

/**
 * The notice of a sign-in from a device the account has no session from (`AuthService.signin`): when, the
 * device and the address, what to do if it was not the member, and the way to the list of signed-in devices.
 */
export function newDeviceMail(
  to: string,
  lang: Lang,
  signin: { at: string; device: Device; address: string; accountLink: string },
): MailMessage {
  return deviceNotice(to, lang, NEW_DEVICE_TEXTS[lang], signin, signin.accountLink);
}

const PASSWORD_CHANGED_TEXTS: Record<Lang, DeviceNoticeTexts> = {
  ko: {
    subject: '[소리] 비밀번호가 변경되었습니다',
    lead: '회원님의 소리 계정 비밀번호가 변경되었습니다. 변경한 기기를 뺀 다른 기기는 모두 로그아웃되었습니다.',
    time: '일시',
    device: '기기',
    address: 'IP 주소',
    ifYou: '본인이 변경했다면 이 메일은 무시하셔도 됩니다.',
    ifNot:
      '본인이 변경하지 않았다면 지금 소리 로그인 화면에서 ‘비밀번호를 잊으셨나요?’를 눌러 이 이메일 주소로 비밀번호를 다시 설정해 주세요. 다시 설정하면 모든 기기가 로그아웃됩니다.',
    button: '소리 바로가기',
  },
  en: {
    subject: '[Sori] Your password was changed',
    lead: 'The password of your Sori account was just changed. Every device but the one that changed it has been signed out.',
    time: 'Time',
    device: 'Device',
    address: 'IP address',
    ifYou: 'If this was you, you can ignore this message.',
    ifNot:
      'If it was not, reset your password now: choose “Forgot your password?” on the Sori log-in screen and use this email address. A reset signs out every device.',
    button: 'Go to Sori',
  },
  ja: {
    subject: '【Sori】パスワードが変更されました',
    lead: 'お客様のSoriアカウントのパスワードが変更されました。変更した端末を除き、すべての端末がログアウトされました。',
    time: '日時',
    device: '端末',
    address: 'IPアドレス',
    ifYou: 'ご本人による変更であれば、このメールは破棄してください。',
    ifNot:
      'お心当たりのない場合は、すぐにSoriのログイン画面の「パスワードをお忘れですか？」から、このメールアドレスでパスワードを再設定してください。再設定すると、すべての端末がログアウトされます。',
    button: 'Soriを開く',
  },
};

/**
 * The notice that the account's password changed (`AuthService.changePassword` and `.resetPassword`), sent
 * whatever the member's alert settings: when, from which device and address, and, if it was not the member, the
 * way back in (a reset by mail, which whoever changed it cannot use without the mailbox).
 */
export function passwordChangedMail(
  to: string,
  lang: Lang,
  change: { at: string; device: Device; address: string; siteLink: string },
): MailMessage {
  return deviceNotice(to, lang, PASSWORD_CHANGED_TEXTS[lang], change, change.siteLink);
}
