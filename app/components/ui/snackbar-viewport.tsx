import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '~/lib/i18n';
import { snackbar, useSnackbarMessages, type SnackbarMessage } from '~/lib/snackbar';

const toneClass: Record<SnackbarMessage['tone'], string> = {
  info: 'bg-slate-800 text-white',
  success: 'bg-green-800 text-white',
  warning: 'bg-amber-900 text-white',
  error: 'bg-red-800 text-white',
};

const AUTO_DISMISS_MS = 8000;

/** Where snackbar messages appear; a polite live region so screen readers hear them. */
export function SnackbarViewport() {
  const messages = useSnackbarMessages();
  return (
    <div
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
  useEffect(() => {
    const timer = setTimeout(() => snackbar.dismiss(message.id), AUTO_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [message.id]);
  return (
    <div
      role={message.tone === 'error' ? 'alert' : 'status'}
      className={`pointer-events-auto flex max-w-lg items-center gap-4 rounded-md px-4 py-3 text-sm shadow-lg ${toneClass[message.tone]}`}
    >
      <span>{text(message.message)}</span>
      <button
        type="button"
        onClick={() => snackbar.dismiss(message.id)}
        className="rounded px-2 py-1 font-semibold underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
      >
        {t('common.dismiss')}
      </button>
    </div>
  );
}
