import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '~/lib/i18n';
import { snackbar, useSnackbarMessages, type SnackbarMessage } from '~/lib/snackbar';
import { ToneIcon, type AlertTone } from './alert';

// The card is the same for every tone (a raised surface, so it stands off the page in both
// themes); the tone is its mark, in the tone's soft colours and with its own shape.
const tones: Record<SnackbarMessage['tone'], { icon: AlertTone; mark: string }> = {
  info: { icon: 'info', mark: 'bg-info-soft text-info-fg' },
  success: { icon: 'success', mark: 'bg-success-soft text-success-fg' },
  warning: { icon: 'warning', mark: 'bg-warning-soft text-warning-fg' },
  error: { icon: 'danger', mark: 'bg-danger-soft text-danger-fg' },
};

const AUTO_DISMISS_MS = 8000;
/**
 * A message with an action (Undo) stays longer: the issue asks for at least 10 seconds to
 * change one's mind, and reading, deciding and reaching the button takes a while.
 */
const ACTION_DISMISS_MS = 12000;

/** Where snackbar messages appear; a polite live region so screen readers hear them. */
export function SnackbarViewport() {
  const messages = useSnackbarMessages();
  return (
    // While it holds messages, the page keeps room for them at its end and scrolls what gets focus
    // clear of them (app/tailwind.css, `#snackbars`): no JavaScript on the first load for it.
    <div
      id="snackbars"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4"
    >
      {messages.map((message) => (
        <SnackbarItem key={message.id} message={message} />
      ))}
    </div>
  );
}

function SnackbarItem({ message }: { message: SnackbarMessage }) {
  const { t } = useTranslation();
  const text = useMessage();
  // Nothing disappears from under the pointer or the keyboard (WCAG 2.2.1): the countdown waits
  // while either is on the message, and starts again when both have left.
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const paused = held.pointer || held.focus;
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => snackbar.dismiss(message.id), message.action ? ACTION_DISMISS_MS : AUTO_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [message.id, message.action, paused]);
  const tone = tones[message.tone];
  const action = message.action;
  return (
    <div
      role={message.tone === 'error' ? 'alert' : 'status'}
      onPointerEnter={() => setHeld((h) => ({ ...h, pointer: true }))}
      onPointerLeave={() => setHeld((h) => ({ ...h, pointer: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld((h) => ({ ...h, focus: false }));
      }}
      className="pointer-events-auto flex w-full max-w-md items-center gap-1 rounded-lg bg-raised py-2 pr-2 pl-3 text-sm text-fg shadow-lg ring-1 ring-line"
    >
      <span className={`me-2 flex size-8 shrink-0 items-center justify-center rounded-full ${tone.mark}`}>
        <ToneIcon tone={tone.icon} className="size-4.5" />
      </span>
      <span className="min-w-0 flex-1 py-1.5 wrap-anywhere">{text(message.message, message.values)}</span>
      {action ? (
        <button
          type="button"
          onClick={() => {
            snackbar.dismiss(message.id);
            action.run();
          }}
          className="focus-ring shrink-0 rounded-md px-3 py-1.5 font-semibold text-link transition-colors hover:bg-muted"
        >
          {t(action.label)}
        </button>
      ) : null}
      <button
        type="button"
        onClick={() => snackbar.dismiss(message.id)}
        className={`focus-ring shrink-0 rounded-md px-3 py-1.5 transition-colors hover:bg-muted ${action ? 'text-fg-muted' : 'font-semibold text-link'}`}
      >
        {t('common.dismiss')}
      </button>
    </div>
  );
}
