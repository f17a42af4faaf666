import {
  ERROR_MESSAGES,
  fillMessage,
  LIMITED_FIELDS,
  nameText,
  playlistDescriptionText,
  playlistNameText,
  tooLongDetails,
  type LimitedField,
} from '@sori/contract';
import { useTranslation } from 'react-i18next';
import { languageFromTag } from '../../i18n/detect';

/** From this share of its limit on, a field shows how many characters it holds. */
const NEAR = 0.9;

/**
 * A one-line text as the server keeps it (a track's title or artist: NFC, control characters and runs of space
 * as one space, trimmed). The track form sends it in this form, so that the request schema, which checks the
 * limit on the text as sent, counts what the form counts (`keptLength`) and what is kept.
 */
export const keptText = (text: string): string => nameText(text.normalize('NFC'));

/** The length of `keptText`: the count shown is the one the limit is checked against. */
export const keptLength = (text: string): number => keptText(text).length;

/**
 * The length of a playlist's name as the server keeps it and counts it against the limit (`playlistNameText`:
 * NFC, trimmed), whatever form it was typed or pasted in: a name pasted from a macOS file name comes as
 * decomposed Hangul, two or three characters a syllable until it is normalised.
 */
export const playlistNameLength = (text: string): number => playlistNameText(text).length;

/** The length of a playlist's description as the server keeps and counts it (NFC, trimmed, a line break one character). */
export const playlistDescriptionLength = (text: string): number => playlistDescriptionText(text).length;

/** Whether a field's text, counted as the server counts it, is past the field's limit (the form refuses it). */
export const isOverLimit = (field: LimitedField, length: number): boolean => textLimitState(field, length) === 'over';

/** Where a text stands against its field's limit: quiet, near it (the count shows) or over it (refused). */
export function textLimitState(field: LimitedField, length: number): 'quiet' | 'near' | 'over' {
  const { max } = LIMITED_FIELDS[field];
  return length > max ? 'over' : length >= Math.ceil(max * NEAR) ? 'near' : 'quiet';
}

export interface TextLimitProps {
  /** The line's id, which the input is described by while it shows something. */
  id: string;
  field: LimitedField;
  /** The text's length as the server counts it (`keptLength`, `playlistNameLength`, `playlistDescriptionLength`). */
  length: number;
}

/**
 * The line under a length-limited input that, rather than `maxLength`, keeps what is typed or pasted whole and
 * says where it stands: the count from 90 % of the limit, and past it the server's own "up to N characters"
 * (FIELD_TOO_LONG, in the UI language) with how many to remove; the form refuses to save meanwhile. Always
 * mounted, so that its live part is there before it speaks: crossing the limit is said once, not each count.
 */
export function TextLimit({ id, field, length }: TextLimitProps) {
  const { t, i18n } = useTranslation();
  const lang = languageFromTag(i18n.language) ?? 'en';
  const { max } = LIMITED_FIELDS[field];
  const state = textLimitState(field, length);
  return (
    <div
      id={id}
      className={`d-flex gap-2 small ${state === 'quiet' ? '' : 'mt-1 '}${state === 'over' ? 'text-danger-emphasis' : 'text-body-secondary'}`}
      data-testid={`${field}-limit`}
      data-state={state}
    >
      <span className="flex-grow-1">
        <span aria-live="polite">
          {state === 'over' ? fillMessage(ERROR_MESSAGES.FIELD_TOO_LONG[lang], tooLongDetails(field), lang) : null}
        </span>
        {state === 'over' ? ` ${t('common.textLimit.remove', { count: length - max })}` : null}
      </span>
      {state === 'quiet' ? null : <span className="text-nowrap">{t('common.textLimit.count', { length, max })}</span>}
    </div>
  );
}
