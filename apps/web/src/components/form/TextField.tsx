import { TEXT_LIMITS } from '@sori/contract';
import Form from 'react-bootstrap/Form';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type InputProps = Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'value' | 'onChange' | 'size'>;

export interface TextFieldProps extends InputProps {
  /** The input's id (its group's controlId), which ties the label to it. */
  controlId: string;
  label: ReactNode;
  /**
   * After the label: a required field's mark (a "*" for the eye; the input is `aria-required`, which a screen
   * reader says once, after the name), or "(optional)", which is part of the name.
   */
  marker?: 'required' | 'optional';
  value: string;
  onChange: (value: string) => void;
  /** The group's class (its spacing or grid column). */
  className?: string;
  /** A line under the field, with the id `{controlId}-hint`, which the input is described by. */
  hint?: ReactNode;
  /** The field is what the form's error is about: the red outline and aria-invalid. */
  invalid?: boolean;
  /** The id of the error the input is described by (before the hint), while there is one. */
  errorId?: string;
}

/** A labelled input of a form, described by its error and hint. */
export function TextField({ controlId, label, marker, value, onChange, className, hint, invalid, errorId, ...input }: TextFieldProps) {
  const { t } = useTranslation();
  const hintId = hint ? `${controlId}-hint` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className={className} controlId={controlId}>
      <Form.Label>
        {label}
        {marker === 'required' ? (
          <>
            {' '}
            <RequiredMark />
          </>
        ) : marker === 'optional' ? (
          <>
            {' '}
            <span className="text-body-secondary small">({t('auth.fields.optional')})</span>
          </>
        ) : null}
      </Form.Label>
      <Form.Control
        aria-required={marker === 'required' || undefined}
        {...input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={invalid || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
      {/* A hint of text is a line of small print; one of parts (a list) is a block around them. */}
      {hint ? (
        <Form.Text as={typeof hint === 'string' ? 'small' : 'div'} id={hintId}>
          {hint}
        </Form.Text>
      ) : null}
    </Form.Group>
  );
}

export type FieldProps = Omit<TextFieldProps, 'label'> & { label?: ReactNode };

/** An e-mail field: the e-mail keyboard and autofill, labelled "E-mail" unless told otherwise. */
export function EmailField({ label, ...props }: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      maxLength={TEXT_LIMITS.email}
      placeholder={t('auth.fields.emailPlaceholder')}
      {...props}
      label={label ?? t('auth.fields.email')}
    />
  );
}

export interface PasswordFieldProps extends TextFieldProps {
  /** 'current-password' to sign in or confirm, 'new-password' to choose one (the browser offers to make one). */
  autoComplete: 'current-password' | 'new-password';
}

/** A password field. */
export function PasswordField(props: PasswordFieldProps) {
  return <TextField type="password" {...props} />;
}

/**
 * The mark of a required field, for the eye only (its tooltip says "required"): in the label it made the field's
 * name "이메일 * 필수", and the input's `aria-required` says it once.
 */
function RequiredMark() {
  const { t } = useTranslation();
  return (
    <span className="text-primary-emphasis" title={t('auth.fields.required')} aria-hidden="true">
      *
    </span>
  );
}
