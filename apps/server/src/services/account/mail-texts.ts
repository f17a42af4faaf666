import type { Lang } from '@sori/contract';
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

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/gu, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
