// The reply form (spec 3 §4 Messaging, §5 "Message required"): a plain form post that works without
// JavaScript; the MessageThread island drives the same markup (sends in place, Meta+Enter, the
// 'Message sent!' label, the reminder until the first send).
import type { FormEvent, KeyboardEvent } from 'react';
import { FieldError, FormError } from '../form/FieldError';
import type { MessagingTexts } from './types';

export interface ComposerProps {
  action: string;
  csrfToken: string;
  texts: Pick<MessagingTexts, 'send' | 'sent' | 'onBehalfReminder'>;
  value: string;
  error: string | null;
  /** The send failed for a reason of its own (shown above the composer). */
  failure?: string | null;
  showReminder: boolean;
  /** The button reads 'Message sent!' for a moment after a send. */
  justSent?: boolean;
  busy?: boolean;
  onChange?: (value: string) => void;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
}

export function Composer({
  action,
  csrfToken,
  texts,
  value,
  error,
  failure = null,
  showReminder,
  justSent = false,
  busy = false,
  onChange,
  onSubmit,
  onKeyDown,
}: ComposerProps) {
  const describedBy =
    [showReminder ? 'message-reminder' : '', error ? 'message-error' : ''].filter(Boolean).join(' ') || undefined;
  return (
    <form
      method="post"
      action={action}
      className="composer"
      onSubmit={onSubmit}
      noValidate
      aria-busy={busy || undefined}
    >
      <input type="hidden" name="_csrf" value={csrfToken} />
      <FormError id="message-failure" message={failure} />
      <label htmlFor="message" className="composer__label">
        Reply
      </label>
      {showReminder && (
        <p className="hint" id="message-reminder">
          {texts.onBehalfReminder}
        </p>
      )}
      <FieldError id="message" error={error ?? undefined} />
      <textarea
        id="message"
        name="message"
        rows={3}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange?.(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {justSent ? texts.sent : texts.send}
        </button>
        <span className="visually-hidden" role="status">
          {justSent ? texts.sent : ''}
        </span>
      </div>
    </form>
  );
}
