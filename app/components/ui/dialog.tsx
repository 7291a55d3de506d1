import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-lg', update: 'max-w-[450px]' } as const;

/**
 * The one dialog primitive: Headless UI's Dialog (focus trap, Escape, inert background)
 * with the product's frame. Actions are passed as buttons; the first focusable one gets focus.
 */
export function AppDialog({
  open,
  onClose,
  title,
  children,
  actions,
  width = 'md',
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  actions: ReactNode;
  width?: keyof typeof widths;
}) {
  return (
    // The dialog element itself covers the screen, so it has a box of its own to be seen in.
    <Dialog
      open={open}
      onClose={onClose}
      className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center"
    >
      <div className="fixed inset-0 bg-scrim" aria-hidden="true" />
      <DialogPanel
        className={`relative w-full ${widths[width]} rounded-xl bg-raised p-6 text-fg shadow-lg ring-1 ring-line`}
      >
        <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
        <Description as="div" className="mt-2 text-sm text-fg-muted">
          {children}
        </Description>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{actions}</div>
      </DialogPanel>
    </Dialog>
  );
}

/**
 * The confirm variant: a question, Cancel, and one action that does it. `tone="danger"` for
 * what cannot be undone; `pending` while it runs (the dialog stays until the caller closes it).
 */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  children,
  confirmText,
  cancelText,
  tone = 'primary',
  pending = false,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: ReactNode;
  children: ReactNode;
  confirmText?: string;
  cancelText?: string;
  tone?: 'primary' | 'danger';
  pending?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open={open}
      onClose={pending ? () => {} : onClose}
      title={title}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {cancelText ?? t('common.cancel')}
          </Button>
          <Button variant={tone} onClick={onConfirm} pending={pending}>
            {confirmText ?? t('common.confirm')}
          </Button>
        </>
      }
    >
      {children}
    </AppDialog>
  );
}
