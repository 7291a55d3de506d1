import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

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
  width = 'max-w-md',
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  actions: ReactNode;
  width?: string;
}) {
  return (
    // The dialog element itself covers the screen, so it has a box of its own to be seen in.
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <DialogPanel className={`relative w-full ${width} rounded-lg bg-white p-6 shadow-xl`}>
        <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
        <div className="mt-2 text-slate-700">{children}</div>
        <div className="mt-6 flex justify-end gap-3">{actions}</div>
      </DialogPanel>
    </Dialog>
  );
}
