import type { Lang } from './codes';

/**
 * Every error the API answers with: `{message, code, details}` (DECISIONS 1). The message is chosen in the
 * caller's language (Accept-Language), Korean first. The Korean texts of PRODUCT §5 and §8 are kept
 * word for word.
 */
export const ERROR_MESSAGES = {
  // Validation (PRODUCT §5, in the order signup checks them)
  LOGIN_REQUIRED_FIELDS: {
    ko: '이메일과 비밀번호를 모두 입력해주세요.',
    en: 'Please enter both your email and password.',
    ja: 'メールアドレスとパスワードを両方入力してください。',
  },
  SIGNUP_REQUIRED_FIELDS: {
    ko: '필수 항목을 모두 입력해주세요.',
    en: 'Please fill in all required fields.',
    ja: '必須項目をすべて入力してください。',
  },
  PASSWORD_TOO_SHORT: {
    ko: '비밀번호는 최소 6자 이상이어야 합니다.',
    en: 'Your password must be at least 6 characters long.',
    ja: 'パスワードは6文字以上で入力してください。',
  },
  PASSWORD_TOO_LONG: {
    ko: '비밀번호는 128자 이하로 입력해주세요.',
    en: 'Your password must be at most 128 characters long.',
    ja: 'パスワードは128文字以内で入力してください。',
  },
  PASSWORD_MISMATCH: {
    ko: '비밀번호가 일치하지 않습니다.',
    en: 'The passwords do not match.',
    ja: 'パスワードが一致しません。',
  },
  INVALID_EMAIL: {
    ko: '올바른 이메일 형식을 입력해주세요.',
    en: 'Please enter a valid email address.',
    ja: '正しいメールアドレスを入力してください。',
  },
  INVALID_PHONE: {
    ko: '올바른 휴대전화 번호를 입력해주세요. 해외 번호는 국가번호부터 입력해주세요(예: +81 90-1234-5678).',
    en: 'Please enter a valid mobile number. For a number outside Korea, start with its country code (e.g. +81 90-1234-5678).',
    ja: '正しい携帯電話番号を入力してください。韓国以外の番号は国番号から入力してください（例：+81 90-1234-5678）。',
  },
  // {label} and {max} are filled in from the error's details (tooLongDetails in validation.ts).
  FIELD_TOO_LONG: {
    ko: '{label} 항목은 {max}자까지 입력할 수 있습니다.',
    en: '{label} can be at most {max} characters.',
    ja: '{label}は{max}文字以内で入力してください。',
  },
  EMAIL_TAKEN: {
    ko: '이미 가입된 이메일입니다.',
    en: 'An account with this email already exists.',
    ja: 'このメールアドレスはすでに登録されています。',
  },
  // Consents at sign-up (checked after the form's rules)
  TERMS_NOT_AGREED: {
    ko: '만 14세 이상인지 확인하고 서비스 이용약관에 동의해주세요. 만 14세 미만은 가입할 수 없습니다.',
    en: 'Please confirm that you are 14 or older and agree to the Terms of Service. Under-14s cannot sign up.',
    ja: '14歳以上であることを確認し、利用規約に同意してください。14歳未満の方は登録できません。',
  },
  PRIVACY_NOT_AGREED: {
    ko: '개인정보 수집 및 이용에 동의해주세요.',
    en: 'Please agree to the collection and use of your personal information.',
    ja: '個人情報の収集・利用に同意してください。',
  },
  NICK_REQUIRED: {
    ko: '닉네임을 입력해주세요.',
    en: 'Please enter a nickname.',
    ja: 'ニックネームを入力してください。',
  },
  PLAYLIST_NAME_REQUIRED: {
    ko: '플레이리스트 이름을 입력해주세요.',
    en: 'Please enter a playlist name.',
    ja: 'プレイリスト名を入力してください。',
  },
  // Auth
  INVALID_CREDENTIALS: {
    ko: '로그인에 실패했습니다. 이메일과 비밀번호를 확인해주세요.',
    en: 'Login failed. Please check your email and password.',
    ja: 'ログインに失敗しました。メールアドレスとパスワードをご確認ください。',
  },
  TOO_MANY_ATTEMPTS: {
    ko: '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.',
    en: 'Too many login attempts. Please try again in a little while.',
    ja: 'ログインの試行回数が多すぎます。しばらくしてからもう一度お試しください。',
  },
  TOO_MANY_SIGNUPS: {
    ko: '가입 요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
    en: 'Too many sign-up requests. Please try again later.',
    ja: '会員登録のリクエストが多すぎます。しばらくしてからもう一度お試しください。',
  },
  UNAUTHORIZED: {
    ko: '로그인이 필요합니다.',
    en: 'Please log in first.',
    ja: 'ログインしてください。',
  },
  TOKEN_INVALID: {
    ko: '로그인 정보가 만료되었습니다. 다시 로그인해주세요.',
    en: 'Your session has expired. Please log in again.',
    ja: 'ログインの有効期限が切れました。もう一度ログインしてください。',
  },
  RESET_TOKEN_INVALID: {
    ko: '비밀번호 재설정 링크가 유효하지 않거나 만료되었습니다.',
    en: 'This password reset link is invalid or has expired.',
    ja: 'パスワード再設定リンクが無効か、有効期限が切れています。',
  },
  CURRENT_PASSWORD_WRONG: {
    ko: '현재 비밀번호가 올바르지 않습니다.',
    en: 'Your current password is not correct.',
    ja: '現在のパスワードが正しくありません。',
  },
  PASSWORD_WRONG: {
    ko: '비밀번호가 올바르지 않습니다.',
    en: 'The password is not correct.',
    ja: 'パスワードが正しくありません。',
  },
  LEVEL_TOO_LOW: {
    ko: '다운로드는 레벨 5 이상부터 가능합니다. 프리미엄·패밀리 요금제에서 이용할 수 있습니다.',
    en: 'Downloading requires level 5 or higher, which comes with the Premium and Family plans.',
    ja: 'ダウンロードはレベル5以上でご利用いただけます。プレミアム・ファミリープランが対象です。',
  },
  FORBIDDEN: {
    ko: '권한이 없습니다.',
    en: 'You do not have permission to do that.',
    ja: 'この操作を行う権限がありません。',
  },
  // Resources
  TRACK_NOT_FOUND: {
    ko: '음원을 찾을 수 없습니다.',
    en: 'Track not found.',
    ja: '楽曲が見つかりません。',
  },
  PLAYLIST_NOT_FOUND: {
    ko: '플레이리스트를 찾을 수 없습니다.',
    en: 'Playlist not found.',
    ja: 'プレイリストが見つかりません。',
  },
  SHARE_NOT_FOUND: {
    ko: '공유가 끝났거나 없는 링크입니다.',
    en: 'This link is not shared, or its sharing has ended.',
    ja: 'このリンクは共有されていないか、共有が終了しています。',
  },
  NO_FILE: {
    ko: '파일 정보가 없어 다운로드할 수 없습니다.',
    en: 'There is no file for this track, so it cannot be downloaded.',
    ja: 'ファイル情報がないため、ダウンロードできません。',
  },
  NOT_LICENSABLE: {
    ko: '카탈로그에 공개되지 않은 곡은 라이선스를 발급할 수 없습니다.',
    en: 'Sori can only license tracks published in its catalogue.',
    ja: 'カタログに公開されていない曲にはライセンスを発行できません。',
  },
  NOT_FOUND: {
    ko: '요청한 주소를 찾을 수 없습니다.',
    en: 'Not found.',
    ja: 'お探しのページが見つかりません。',
  },
  // A path the API has, asked with a method it does not answer there (405, with an Allow header)
  METHOD_NOT_ALLOWED: {
    ko: '이 주소에서는 지원하지 않는 요청 방식입니다.',
    en: 'This address does not accept that request method.',
    ja: 'このアドレスではそのリクエスト方式は使えません。',
  },
  // Playlist caps (PLAYLIST_MAX_PER_USER, PLAYLIST_MAX_TRACKS): {limit} is filled in from the error's details.
  PLAYLIST_LIMIT: {
    ko: '플레이리스트는 {limit}개까지 만들 수 있습니다. 쓰지 않는 플레이리스트를 삭제한 뒤 다시 만들어주세요.',
    en: 'You can have at most {limit} playlists. Delete one you no longer use and try again.',
    ja: 'プレイリストは{limit}個まで作成できます。使わないプレイリストを削除してからもう一度お試しください。',
  },
  PLAYLIST_FULL: {
    ko: '플레이리스트 하나에는 {limit}곡까지 담을 수 있습니다. 다른 플레이리스트에 담거나 새 플레이리스트를 만들어주세요.',
    en: 'A playlist can hold at most {limit} tracks. Add this track to another playlist or create a new one.',
    ja: '1つのプレイリストに追加できるのは{limit}曲までです。別のプレイリストに追加するか、新しいプレイリストを作成してください。',
  },
  // Request shape
  VALIDATION_FAILED: {
    ko: '요청 값이 올바르지 않습니다.',
    en: 'Some of the values sent are not valid.',
    ja: 'リクエストの値が正しくありません。',
  },
  MALFORMED_REQUEST: {
    ko: '요청을 읽을 수 없습니다.',
    en: 'The request could not be read.',
    ja: 'リクエストを読み取れません。',
  },
  HEADERS_TOO_LARGE: {
    ko: '요청 주소나 헤더가 너무 깁니다.',
    en: 'The address or headers of the request are too long.',
    ja: 'リクエストのアドレスまたはヘッダーが長すぎます。',
  },
  MALFORMED_URL: {
    ko: '요청 주소를 읽을 수 없습니다.',
    en: 'The address of the request could not be read.',
    ja: 'リクエストのアドレスを読み取れません。',
  },
  URL_TOO_LONG: {
    ko: '요청 주소가 너무 깁니다.',
    en: 'The address of the request is too long.',
    ja: 'リクエストのアドレスが長すぎます。',
  },
  INVALID_CHARACTERS: {
    ko: '입력한 내용에 사용할 수 없는 문자가 있습니다.',
    en: 'Some of the text sent contains characters that cannot be used.',
    ja: '入力内容に使用できない文字が含まれています。',
  },
  INVALID_ID: {
    ko: '잘못된 ID입니다.',
    en: 'That ID is not valid.',
    ja: 'IDが正しくありません。',
  },
  INVALID_SORT: {
    ko: '지원하지 않는 정렬 기준입니다.',
    en: 'That sort order is not supported.',
    ja: 'その並び替えには対応していません。',
  },
  INVALID_FILTER: {
    ko: '검색 조건이 올바르지 않습니다.',
    en: 'Those search filters are not valid.',
    ja: '検索条件が正しくありません。',
  },
  MALFORMED_JSON: {
    ko: '요청 본문을 읽을 수 없습니다.',
    en: 'The request body could not be read.',
    ja: 'リクエスト本文を読み取れません。',
  },
  PAYLOAD_TOO_LARGE: {
    ko: '요청이 너무 큽니다.',
    en: 'The request is too large.',
    ja: 'リクエストが大きすぎます。',
  },
  UPLOAD_NO_FILE: {
    ko: '업로드에 읽을 수 있는 오디오 파일이 없습니다. 파일을 선택해 다시 올려주세요.',
    en: 'The upload has no readable audio file. Please choose a file and upload it again.',
    ja: 'アップロードに読み取れる音声ファイルがありません。ファイルを選んでもう一度アップロードしてください。',
  },
  // {title}: the uploader's own track that already holds the same file (details.trackId is its id).
  DUPLICATE_UPLOAD: {
    ko: '이미 올린 파일입니다. 내 라이브러리의 ‘{title}’ 곡과 같은 파일이라 다시 올리지 않았습니다.',
    en: 'You have already uploaded this file: it is ‘{title}’ in your library, so it was not uploaded again.',
    ja: 'このファイルはアップロード済みです。ライブラリの「{title}」と同じファイルのため、再度アップロードしませんでした。',
  },
  // Upload quotas: {used} and {limit} are filled in from the error's details.
  QUOTA_TRACKS_EXCEEDED: {
    ko: '올릴 수 있는 곡 수를 넘습니다. 사용 중: {used}곡 / 한도: {limit}곡. 필요 없는 업로드를 지운 뒤 다시 올려주세요.',
    en: 'You have reached your upload limit: {used} of {limit} tracks. Delete uploads you no longer need and try again.',
    ja: 'アップロードできる曲数の上限に達しました。使用中: {used}曲 / 上限: {limit}曲。不要なアップロードを削除してからもう一度お試しください。',
  },
  QUOTA_BYTES_EXCEEDED: {
    ko: '저장 공간 한도를 넘습니다. 사용 중: {used} / 한도: {limit}. 필요 없는 업로드를 지운 뒤 다시 올려주세요.',
    en: 'This upload would go over your storage limit: {used} used of {limit}. Delete uploads you no longer need and try again.',
    ja: '保存容量の上限を超えます。使用中: {used} / 上限: {limit}。不要なアップロードを削除してからもう一度お試しください。',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    ko: '지원하지 않는 형식입니다.',
    en: 'That content type is not supported.',
    ja: 'その形式には対応していません。',
  },
  RANGE_NOT_SATISFIABLE: {
    ko: '요청한 범위가 파일 크기를 벗어났습니다.',
    en: 'The requested range is outside the file.',
    ja: '指定された範囲がファイルの外側です。',
  },
  // Licences
  INVALID_LICENCE_ID: {
    ko: '라이선스 번호 형식이 올바르지 않습니다. SORI-로 시작하는 번호(예: SORI-7GWR-M0X5-WYAE)를 확인해주세요.',
    en: 'That is not a valid licence ID. Check the ID, which starts with SORI- (for example SORI-7GWR-M0X5-WYAE).',
    ja: 'ライセンス番号の形式が正しくありません。SORI-で始まる番号（例: SORI-7GWR-M0X5-WYAE）をご確認ください。',
  },
  LICENCE_NOT_FOUND: {
    ko: '해당 번호의 라이선스가 없습니다.',
    en: 'No licence has this ID.',
    ja: 'この番号のライセンスはありません。',
  },
  LICENCE_NOT_YOURS: {
    ko: '본인의 라이선스만 증명서를 받을 수 있습니다.',
    en: 'Only the licensee can download this certificate.',
    ja: '証明書はライセンスの名義人のみダウンロードできます。',
  },
  // Channel clearance: {plan} and {limit} are filled in from the error's details.
  INVALID_CHANNEL: {
    ko: '채널 주소를 확인해주세요. YouTube 채널 링크, UC로 시작하는 채널 ID 또는 @핸들을 입력할 수 있습니다.',
    en: 'Please check the channel address. Enter a YouTube channel link, a channel ID starting with UC, or an @handle.',
    ja: 'チャンネルのアドレスを確認してください。YouTubeのチャンネルリンク、UCで始まるチャンネルID、または@ハンドルを入力できます。',
  },
  CHANNEL_VIDEO_LINK: {
    ko: '영상 링크가 아닌 채널 링크를 입력해주세요.',
    en: 'This is a link to a video. Please enter the link to the channel instead.',
    ja: '動画のリンクではなく、チャンネルのリンクを入力してください。',
  },
  // {label}, {max} and {length} are filled in from the error's details (nameOutOfBounds in account.ts).
  CHANNEL_NAME_TOO_LONG: {
    ko: '{label}은 {max}자까지 입력할 수 있습니다(현재 {length}자).',
    en: '{label} can be at most {max} characters long; this one has {length}.',
    ja: '{label}は{max}文字以内で入力してください（現在{length}文字）。',
  },
  // {label}, {min} and {length} likewise: a YouTube handle of one or two characters (YOUTUBE_HANDLE_MIN).
  CHANNEL_NAME_TOO_SHORT: {
    ko: '{label}은 {min}자 이상이어야 합니다(현재 {length}자). 빠진 글자가 없는지 확인해주세요.',
    en: '{label} are at least {min} characters long; this one has {length}. Please check that nothing is missing.',
    ja: '{label}は{min}文字以上です（現在{length}文字）。抜けている文字がないかご確認ください。',
  },
  CHANNEL_LIMIT: {
    ko: '현재 {plan} 요금제로 등록할 수 있는 채널은 {limit}개입니다. 채널을 추가하려면 요금제를 변경해주세요.',
    en: 'Channels you can register on your {plan} plan: {limit}. Change your plan to add one.',
    ja: '現在の{plan}プランで登録できるチャンネルは{limit}件までです。追加するにはプランを変更してください。',
  },
  CHANNEL_TAKEN: {
    ko: '이 채널은 이미 다른 계정에 등록되어 있습니다. 본인의 채널이라면 고객센터로 문의해주세요.',
    en: 'This channel is already registered to another account. If it is yours, please contact support.',
    ja: 'このチャンネルはすでに別のアカウントに登録されています。ご自身のチャンネルの場合はサポートまでお問い合わせください。',
  },
  CHANNEL_ALREADY_ADDED: {
    ko: '이미 등록한 채널입니다.',
    en: 'You have already registered this channel.',
    ja: 'このチャンネルはすでに登録済みです。',
  },
  CHANNEL_NOT_FOUND: {
    ko: '채널을 찾을 수 없습니다.',
    en: 'Channel not found.',
    ja: 'チャンネルが見つかりません。',
  },
  SESSION_NOT_FOUND: {
    ko: '이미 로그아웃된 기기입니다. 목록을 새로 불러왔습니다.',
    en: 'That device is already signed out. The list has been refreshed.',
    ja: 'その端末はすでにログアウトされています。一覧を更新しました。',
  },
  RATE_LIMITED: {
    ko: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
    en: 'Too many requests. Please try again shortly.',
    ja: 'リクエストが多すぎます。しばらくしてからもう一度お試しください。',
  },
  MALFORMED_MULTIPART: {
    ko: '업로드 양식을 읽을 수 없습니다. 파일을 다시 선택해서 보내주세요.',
    en: 'The upload form could not be read. Please choose the file again and resend it.',
    ja: 'アップロードフォームを読み取れません。ファイルを選び直して、もう一度送信してください。',
  },
  REQUEST_TIMEOUT: {
    ko: '요청을 받는 데 시간이 너무 오래 걸렸습니다. 연결을 확인하고 다시 시도해주세요.',
    en: 'The request took too long to arrive. Please check your connection and try again.',
    ja: 'リクエストの受信に時間がかかりすぎました。接続を確認して、もう一度お試しください。',
  },
  NOT_READY: {
    ko: '서버가 아직 요청을 받을 준비가 되지 않았습니다. 잠시 후 다시 시도해주세요.',
    en: 'The server is not ready for requests yet. Please try again shortly.',
    ja: 'サーバーはまだリクエストを受け付ける準備ができていません。しばらくしてからもう一度お試しください。',
  },
  INTERNAL: {
    ko: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
    en: 'Something went wrong on our side. Please try again shortly.',
    ja: '一時的なエラーが発生しました。しばらくしてからもう一度お試しください。',
  },
} as const satisfies Record<string, Record<Lang, string>>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/**
 * A refusal's message where its details change the advice: a full playlist suggests a new one only while the
 * caller may still create one (`canCreate: false` when they are at the playlist cap as well).
 */
const ADVICE_VARIANTS = {
  PLAYLIST_FULL: {
    ko: '플레이리스트 하나에는 {limit}곡까지 담을 수 있습니다. 다른 플레이리스트에 담아주세요.',
    en: 'A playlist can hold at most {limit} tracks. Add this track to another playlist.',
    ja: '1つのプレイリストに追加できるのは{limit}曲までです。別のプレイリストに追加してください。',
  },
} as const satisfies Partial<Record<ErrorCode, Record<Lang, string>>>;

export function errorMessage(code: ErrorCode, lang: Lang, details?: unknown): string {
  if (code === 'PLAYLIST_FULL' && (details as { canCreate?: unknown } | undefined)?.canCreate === false) {
    return ADVICE_VARIANTS.PLAYLIST_FULL[lang];
  }
  return ERROR_MESSAGES[code][lang];
}

const COUNTS: Partial<Record<Lang, Intl.NumberFormat>> = {};

/**
 * Fills a message's {name} places from the error's details: text as it is, numbers (counts and limits) as
 * the message's language writes them (5,000), and a value given in each language (`{ ko, en, ja }`) in the
 * message's language; others stay as they are.
 */
export function fillMessage(message: string, details: unknown, lang?: Lang): string {
  if (!details || typeof details !== 'object') return message;
  const d = details as Record<string, unknown>;
  return message.replace(/\{(\w+)\}/gu, (all, name: string) => {
    const v = d[name];
    if (typeof v === 'number' && lang) return (COUNTS[lang] ??= new Intl.NumberFormat(lang)).format(v);
    if (typeof v === 'string' || typeof v === 'number') return String(v);
    if (lang && v && typeof v === 'object' && typeof (v as Record<string, unknown>)[lang] === 'string') {
      return (v as Record<string, string>)[lang]!;
    }
    return all;
  });
}

/**
 * Picks ko, en or ja from an Accept-Language header, in the header's order of preference; Korean when
 * nothing matches (the product is Korean-first).
 */
export function langFromAcceptLanguage(header: string | undefined | null): Lang {
  if (!header) return 'ko';
  const prefs = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.toLowerCase(), weight: Number.isFinite(weight) ? weight : 0 };
    })
    .filter((p) => p.tag && p.weight > 0)
    .sort((a, b) => b.weight - a.weight);
  for (const { tag } of prefs) {
    const primary = tag.split('-')[0];
    if (primary === 'ko' || primary === 'kr') return 'ko';
    if (primary === 'ja' || primary === 'jp') return 'ja';
    if (primary === 'en') return 'en';
  }
  return 'ko';
}
