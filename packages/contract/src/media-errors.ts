import type { Lang } from './codes';
import { ERROR_MESSAGES, errorMessage, fillMessage, type ErrorCode } from './errors';

/**
 * Why a file was refused or an ingest failed (the API's `code` of an upload's error), in each language. In
 * the contract so that the upload screen says a failure in the language it is showing, also after the
 * reader switches language, rather than in the one the server answered in.
 */
export const MEDIA_ERROR_MESSAGES = {
  MEDIA_EMPTY: {
    ko: '빈 파일입니다. 오디오 파일을 다시 선택해주세요.',
    en: 'The file is empty. Please choose the audio file again.',
    ja: '空のファイルです。オーディオファイルを選び直してください。',
  },
  MEDIA_TOO_LARGE: {
    ko: '파일이 너무 큽니다. 허용된 크기 이하의 파일을 올려주세요.',
    en: 'The file is too large. Please upload a smaller file.',
    ja: 'ファイルが大きすぎます。上限以下のファイルをアップロードしてください。',
  },
  MEDIA_UNSUPPORTED: {
    ko: '오디오로 읽을 수 없는 파일입니다. 다른 종류의 파일이거나 손상된 파일일 수 있습니다. WAV, AIFF, FLAC, MP3, OGG, Opus, M4A(AAC) 파일을 올려주세요.',
    en: 'Sori cannot read this file as audio: it may be another kind of file, or damaged. Please upload WAV, AIFF, FLAC, MP3, OGG, Opus or M4A (AAC).',
    ja: '音声として読み込めないファイルです。別の種類のファイルか、破損している可能性があります。WAV、AIFF、FLAC、MP3、OGG、Opus、M4A(AAC)をアップロードしてください。',
  },
  MEDIA_CORRUPT: {
    ko: '파일이 손상되었거나 끝까지 올라오지 않았습니다. 원본 파일을 확인해주세요.',
    en: 'The file is damaged or incomplete. Please check the original file.',
    ja: 'ファイルが破損しているか、途中で切れています。元のファイルをご確認ください。',
  },
  MEDIA_TOO_SHORT: {
    ko: '너무 짧은 오디오입니다. 1초 이상인 파일을 올려주세요.',
    en: 'The audio is too short. Please upload at least one second of audio.',
    ja: '音声が短すぎます。1秒以上のファイルをアップロードしてください。',
  },
  MEDIA_TOO_LONG: {
    ko: '오디오가 너무 깁니다. 허용된 길이 이하의 파일을 올려주세요.',
    en: 'The audio is too long. Please upload a shorter file.',
    ja: '音声が長すぎます。上限以下の長さのファイルをアップロードしてください。',
  },
  MEDIA_SILENT: {
    ko: '소리가 없는 파일입니다. 오디오가 들어 있는 파일을 올려주세요.',
    en: 'The file contains only silence. Please upload a file with audible sound.',
    ja: '無音のファイルです。音の入ったファイルをアップロードしてください。',
  },
  MEDIA_COVER_INVALID: {
    ko: '커버 이미지를 읽을 수 없습니다. JPEG, PNG 또는 WebP 이미지를 올려주세요.',
    en: 'The cover image could not be read. Please upload a JPEG, PNG or WebP image.',
    ja: 'カバー画像を読み込めません。JPEG、PNG、WebP の画像をアップロードしてください。',
  },
  MEDIA_PROCESSING_FAILED: {
    ko: '오디오를 처리하지 못했습니다. 잠시 후 다시 시도해주세요.',
    en: 'The audio could not be processed. Please try again later.',
    ja: '音声を処理できませんでした。しばらくしてからもう一度お試しください。',
  },
  MEDIA_ABORTED: {
    ko: '오디오 처리가 취소되었습니다.',
    en: 'Audio processing was cancelled.',
    ja: '音声の処理がキャンセルされました。',
  },
} as const satisfies Record<string, Record<Lang, string>>;

export type MediaErrorCode = keyof typeof MEDIA_ERROR_MESSAGES;

/**
 * An error code's message in a language, its places filled from the details: a media code's (a refused or
 * failed upload), else the API's; null for a code neither knows. The server answers an upload's error with
 * it, and the upload screen says it again in the language it shows after a switch.
 */
export function messageForCode(code: string, lang: Lang, details?: unknown): string | null {
  const template = Object.hasOwn(MEDIA_ERROR_MESSAGES, code)
    ? MEDIA_ERROR_MESSAGES[code as MediaErrorCode][lang]
    : Object.hasOwn(ERROR_MESSAGES, code)
      ? errorMessage(code as ErrorCode, lang, details)
      : null;
  return template === null ? null : fillMessage(template, details, lang);
}
