import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A panel sliding in from the side (the navigation on a phone): Headless UI's Dialog, so focus
 * is trapped, Escape and a click outside close it, and the page behind is inert.
 */
export function Drawer({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-scrim" aria-hidden="true" />
      <DialogPanel className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-surface px-4 py-5 shadow-lg ring-1 ring-line">
        <div className="flex items-center justify-between gap-3">
          <DialogTitle className="px-3 text-sm font-semibold text-fg-muted">{title}</DialogTitle>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('common.close')}
            className="focus-ring inline-flex size-9 items-center justify-center rounded-md text-fg-muted hover:bg-muted hover:text-fg"
          >
            <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
              <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
            </svg>
          </button>
        </div>
        {children}
      </DialogPanel>
    </Dialog>
  );
}
