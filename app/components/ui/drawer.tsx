import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icon';

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
            <CloseIcon className="size-5" />
          </button>
        </div>
        {children}
      </DialogPanel>
    </Dialog>
  );
}
