import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { AppDialogProps } from './dialog';
import { dialogWidths } from './dialog';

/** The dialog itself (see `AppDialog` in ./dialog, which loads this module when first opened). */
export function DialogPopup({ open, onClose, title, icon, children, actions, width = 'md' }: AppDialogProps) {
  return (
    // The dialog element itself covers the screen, so it has a box of its own to be seen in.
    // Headless UI points aria-labelledby at the title only after its first frame (the title
    // registers in an effect), so the dialog is named by its text too: never a nameless dialog.
    // A dialog taller than the screen (a long form on a short one) scrolls, its buttons in reach.
    <Dialog open={open} aria-label={title} onClose={onClose} className="fixed inset-0 z-50 overflow-y-auto">
      <div className="fixed inset-0 bg-scrim" aria-hidden="true" />
      <div className="flex min-h-full items-end justify-center p-4 sm:items-center">
        <DialogPanel
          className={`relative w-full ${dialogWidths[width]} rounded-xl bg-raised p-6 text-fg shadow-lg ring-1 ring-line`}
        >
          {icon ? <div className="mb-4">{icon}</div> : null}
          <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
          <Description as="div" className="mt-2 text-sm text-fg-muted">
            {children}
          </Description>
          {/* A dialog holding a form has its buttons in the form (actions null). */}
          {actions ? (
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{actions}</div>
          ) : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
