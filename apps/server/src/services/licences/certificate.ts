import {
  accountDate,
  CHANNEL_PLATFORM_LABELS,
  isGrantedLevel,
  LICENCE_SCOPE_LABELS,
  licensorName,
  licenceTime,
  PLAN_LABELS,
  type ClearedChannel,
  type Lang,
  type LicenceScope,
  type PublicLicence,
} from '@sori/contract';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { signedLicenceFile } from './signed-file';

const require = createRequire(import.meta.url);
/** Noto Sans KR and JP, shipped as npm packages (never a system font); pdfkit embeds the glyphs used. */
const FONTS = {
  kr: path.join(path.dirname(require.resolve('@embedpdf/fonts-kr')), '..', 'fonts', 'NotoSansKR-Regular.otf'),
  jp: path.join(path.dirname(require.resolve('@embedpdf/fonts-jp')), '..', 'fonts', 'NotoSansJP-Regular.otf'),
  krBold: path.join(path.dirname(require.resolve('@embedpdf/fonts-kr')), '..', 'fonts', 'NotoSansKR-Bold.otf'),
  jpBold: path.join(path.dirname(require.resolve('@embedpdf/fonts-jp')), '..', 'fonts', 'NotoSansJP-Bold.otf'),
};

const TEXT: Record<Lang, Record<string, string>> = {
  ko: {
    title: '음원 이용 라이선스 증명서',
    id: '라이선스 번호',
    status: '상태',
    active: '유효',
    revoked: '취소됨',
    track: '곡',
    licensee: '라이선스 보유자',
    licenseeSigned: '확인 페이지와 서명된 라이선스에 표시되는 보유자:',
    issued: '발급일',
    plan: '요금제',
    level: ' (레벨 {n})',
    planGranted: '레벨 {n} (관리자 지정, {plan} 요금제)',
    scope: '이용 범위',
    file: '파일',
    editLabel: '편집본',
    edit: '{n}초 버전',
    sha256: '파일 SHA-256',
    terms: '약관 버전',
    licensor: '라이선스 제공자',
    verify: '검증 주소',
    verifyNote:
      '이 증명서는 위 주소나 QR 코드에서 누구나 확인할 수 있습니다. 이 PDF에 첨부된 서명된 라이선스 파일은 아래 공개 키로 오프라인에서도 검증할 수 있으며, 지금도 유효한지는 위 주소에서 확인할 수 있습니다:',
    signature: 'Ed25519 서명',
    reason: '사유',
    channels: '등록된 채널',
    channelSince: '{date}부터',
    channelsNote:
      '라이선스 보유자가 Sori에 등록한 채널입니다. 이 증명서를 만든 {time} 기준이며, 서명된 라이선스에는 포함되지 않습니다. 지금 등록된 채널은 아래 검증 주소에서 확인할 수 있습니다.',
  },
  en: {
    title: 'Music Licence Certificate',
    id: 'Licence ID',
    status: 'Status',
    active: 'Valid',
    revoked: 'Revoked',
    track: 'Track',
    licensee: 'Licensee',
    licenseeSigned: 'The licensee as the verification page and the signed licence show them:',
    issued: 'Issued',
    plan: 'Plan',
    level: ' (level {n})',
    planGranted: 'Level {n} (set by an administrator; {plan} plan)',
    scope: 'Permitted use',
    file: 'File',
    editLabel: 'Short edit',
    edit: '{n}-second edit',
    sha256: 'File SHA-256',
    terms: 'Terms version',
    licensor: 'Licensor',
    verify: 'Verify at',
    verifyNote:
      'Anyone can check this certificate at the address above or with the QR code. The signed licence file attached to this PDF can be verified offline with the published key below; the address above shows whether it is still in force:',
    signature: 'Ed25519 signature',
    reason: 'Reason',
    channels: 'Cleared channels',
    channelSince: 'since {date}',
    channelsNote:
      'Channels the licensee has registered with Sori, as of {time}, when this certificate was made; not part of the signed licence. The verify address below shows the channels cleared now.',
  },
  ja: {
    title: '楽曲ライセンス証明書',
    id: 'ライセンス番号',
    status: '状態',
    active: '有効',
    revoked: '取り消し済み',
    track: '楽曲',
    licensee: 'ライセンス名義人',
    licenseeSigned: '確認ページと署名済みライセンスでの名義人の表示:',
    issued: '発行日',
    plan: 'プラン',
    level: '（レベル{n}）',
    planGranted: 'レベル{n}（管理者が設定、{plan}プラン）',
    scope: '利用範囲',
    file: 'ファイル',
    editLabel: 'ショート版',
    edit: '{n}秒版',
    sha256: 'ファイルのSHA-256',
    terms: '規約のバージョン',
    licensor: 'ライセンス提供者',
    verify: '確認先',
    verifyNote:
      'この証明書は上記のアドレスまたはQRコードから誰でも確認できます。このPDFに添付された署名済みライセンスファイルは下記の公開鍵でオフラインでも検証でき、現在も有効かどうかは上記のアドレスで確認できます:',
    signature: 'Ed25519署名',
    reason: '理由',
    channels: '使用許可チャンネル',
    channelSince: '{date}から',
    channelsNote:
      'ライセンス名義人がSoriに登録したチャンネルです。この証明書を作成した{time}時点のもので、署名済みライセンスには含まれません。現在の使用許可チャンネルは下記の確認先で確認できます。',
  },
};

/** The characters of a cleared channel's address the certificate shows (a line); the verify page has it whole. */
const CHANNEL_ADDRESS_SHOWN = 64;

const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u;
const HANGUL = /[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]/u;

/**
 * A text cut into runs by the font each needs: kana take the Japanese face, Hangul the Korean one, the rest
 * (Latin, ideographs, punctuation) the reader's. A title may mix them (바다의 노래 — 夏の思い出).
 */
function runsOf(text: string, lang: Lang): { text: string; face: 'kr' | 'jp' }[] {
  const base = lang === 'ja' ? 'jp' : 'kr';
  const runs: { text: string; face: 'kr' | 'jp' }[] = [];
  for (const ch of text) {
    const face = KANA.test(ch) ? 'jp' : HANGUL.test(ch) ? 'kr' : (runs[runs.length - 1]?.face ?? base);
    const last = runs[runs.length - 1];
    if (last && last.face === face) last.text += ch;
    else runs.push({ text: ch, face });
  }
  return runs;
}

/**
 * The licence certificate as a PDF in the reader's language: everything the public licence says, a QR code
 * to its verification page, the signature with the key that made it, and the signed licence itself attached
 * (`SORI-….json`), to be checked offline.
 */
export async function renderCertificate(
  licence: PublicLicence,
  lang: Lang,
  keyUrl: string,
  site?: { companyName: string; companyNameLatin?: string | undefined },
  /** The licensee's own name and e-mail, as kept at issue: the licensee's copy names them in full. */
  holder?: { name: string; email: string },
  /**
   * The licensee's channels cleared when the certificate is made (`asOf`), as the verify page lists them. Not
   * signed: the certificate says so, and sends the reader to the verify page for the channels cleared now.
   */
  channels?: { cleared: readonly ClearedChannel[]; asOf: string },
): Promise<Buffer> {
  const licensor = licensorName(licence.licensor.name, lang, site);
  const t = TEXT[lang];
  const qr = await QRCode.toBuffer(licence.verifyUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  // One A4 page even for the longest licence (revoked with a reason, a short edit, every scope, or active with
  // three cleared channels): drawn smaller, a step at a time, when it would run onto a second page.
  for (const scale of [1, 0.9]) {
    const { pdf, pages } = await drawCertificate({ licence, lang, keyUrl, licensor, t, qr, holder, channels, scale });
    if (pages === 1) return pdf;
  }
  return (await drawCertificate({ licence, lang, keyUrl, licensor, t, qr, holder, channels, scale: 0.8 })).pdf;
}

async function drawCertificate({
  licence,
  lang,
  keyUrl,
  licensor,
  t,
  qr,
  holder,
  channels,
  scale,
}: {
  licence: PublicLicence;
  lang: Lang;
  keyUrl: string;
  licensor: string;
  t: Record<string, string>;
  qr: Buffer;
  holder: { name: string; email: string } | undefined;
  channels: { cleared: readonly ClearedChannel[]; asOf: string } | undefined;
  scale: number;
}): Promise<{ pdf: Buffer; pages: number }> {
  // 2 cm at the sides, a little less at the top and bottom.
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 48, bottom: 36, left: 56, right: 56 },
    info: { Title: `${t.title} ${licence.id}`, Author: licence.licensor.name },
  });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  let pages = 1;
  doc.on('pageAdded', () => (pages += 1));
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<{ pdf: Buffer; pages: number }>((resolve, reject) => {
    doc.on('end', () => resolve({ pdf: Buffer.concat(chunks), pages }));
    doc.on('error', reject);
  });

  const write = (text: string, size: number, opts: { bold?: boolean; color?: string; gap?: number } = {}) => {
    // Beside the QR code (top right) lines are shorter.
    const width = 483 - (doc.y < 190 ? 130 : 0);
    const runs = runsOf(text, lang);
    doc.fontSize(size * scale).fillColor(opts.color ?? '#1a1a1a');
    runs.forEach((r, i) => {
      doc.font(opts.bold ? `${r.face}Bold` : r.face).text(r.text, { width, continued: i < runs.length - 1 });
    });
    doc.moveDown(opts.gap ?? 0.3);
  };
  const row = (label: string, value: string, size = 11) => {
    write(label, 9, { bold: true, color: '#6b6b6b', gap: 0 });
    write(value, size, { gap: 0.35 });
  };

  doc.image(qr, 56 + 483 - 120, 48, { width: 120 });
  write(licensor, 10, { color: '#8b1a1a' });
  write(t.title!, 22, { bold: true, gap: 0.6 });
  row(t.id!, licence.id);
  if (licence.status === 'active') row(t.status!, t.active!);
  else {
    // A revoked licence says so as loudly as the title, with when and why on the same line.
    const when = licence.revokedAt ? ` — ${licenceTime(licence.revokedAt, lang)}` : '';
    write(t.status!, 9, { bold: true, color: '#6b6b6b', gap: 0 });
    write(`${t.revoked!}${when}`, 13, { bold: true, color: '#b00020', gap: licence.revocationReason ? 0 : 0.4 });
    if (licence.revocationReason) write(`${t.reason!}: ${licence.revocationReason}`, 10, { color: '#b00020', gap: 0.4 });
  }
  row(t.track!, licence.track.artist ? `${licence.track.title} — ${licence.track.artist}` : licence.track.title);
  const signedLicensee = `${licence.licensee.name} (${licence.licensee.email})`;
  if (holder) {
    // The licensee's copy: their name in full, then the masked form the signature covers, so that a reader
    // can see the two agree.
    row(t.licensee!, `${holder.name} (${holder.email})`);
    write(`${t.licenseeSigned!} ${signedLicensee}`, 9, { color: '#444444', gap: 0.5 });
  } else {
    row(t.licensee!, signedLicensee);
  }
  if (licence.status === 'active' && channels && channels.cleared.length > 0) {
    // As the verify page lists them (after the licensee), with each one's address written out: a link is not
    // visible on paper. An address of any site may be 2,048 characters: past a line it is cut, the full one
    // being on the verify page. Small, a line each, so that the longest licence still fits on one page.
    const address = (url: string) => (url.length > CHANNEL_ADDRESS_SHOWN ? `${url.slice(0, CHANNEL_ADDRESS_SHOWN - 1)}…` : url);
    const lines = channels.cleared.map(
      (c) =>
        `• ${CHANNEL_PLATFORM_LABELS[c.platform][lang]}: ${address(c.url)} (${t.channelSince!.replace('{date}', accountDate(c.clearedSince, lang))})`,
    );
    row(t.channels!, lines.join('\n'), 9);
    write(t.channelsNote!.replace('{time}', licenceTime(channels.asOf, lang)), 8, { color: '#444444', gap: 0.5 });
  }
  row(t.issued!, licenceTime(licence.issuedAt, lang));
  // A plan this code does not know (an older licence's) is written as it is signed.
  const planName = (PLAN_LABELS as Partial<Record<string, Record<Lang, string>>>)[licence.plan.name]?.[lang] ?? licence.plan.name;
  const level = String(licence.plan.level);
  row(
    t.plan!,
    isGrantedLevel(licence.plan.name, licence.plan.level)
      ? t.planGranted!.replace('{n}', level).replace('{plan}', planName)
      : `${planName}${t.level!.replace('{n}', level)}`,
  );
  row(t.scope!, licence.terms.scope.map((s) => `• ${LICENCE_SCOPE_LABELS[s as LicenceScope]?.[lang] ?? s}`).join('\n'));
  row(t.terms!, `${licence.terms.version} — ${licence.terms.url}`);
  row(t.file!, licence.file.name);
  if (licence.edit !== undefined) row(t.editLabel!, t.edit!.replace('{n}', String(licence.edit)));
  row(t.sha256!, licence.file.sha256);
  row(t.licensor!, `${licensor} — ${licence.licensor.url}`);
  row(t.verify!, licence.verifyUrl);
  // The signed licence travels inside the certificate (a PDF attachment, which any PDF reader lists and
  // poppler's pdfdetach saves): whoever is shown the PDF can check the signature without Sori's site.
  const file = signedLicenceFile(licence);
  doc.file(file.bytes, {
    name: file.name,
    type: 'application/json',
    description: `${t.title} ${licence.id}`,
    creationDate: new Date(licence.revokedAt ?? licence.issuedAt),
  });
  // The key's address on a line of its own: a line break inside it reads as two addresses.
  write(`${t.verifyNote!}\n${keyUrl}`, 9, { color: '#444444' });
  // A signature has no spaces to wrap at: two lines of it, under a label that names the key too.
  const half = Math.ceil(licence.signature.length / 2);
  row(`${t.signature!} (kid ${licence.kid})`, `${licence.signature.slice(0, half)}\n${licence.signature.slice(half)}`, 8);
  doc.end();
  return done;
}
