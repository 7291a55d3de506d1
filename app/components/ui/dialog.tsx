import type { SubmissionResult } from '@conform-to/react';
import { Fragment, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { drafts } from '~/lib/drafts';
import { lazyModule } from '~/lib/lazy-module';

export const dialogWidths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-lg', update: 'max-w-[450px]' } as const;

export interface AppDialogProps {
  open: boolean;
  onClose: () => void;
  /** Plain text: it names the dialog for screen readers from its first frame. */
  title: string;
  /** A picture above the title (the update dialog's rocket). */
  icon?: ReactNode;
  children: ReactNode;
  actions: ReactNode;
  width?: keyof typeof dialogWidths;
}

/**
 * Headless UI's Dialog (focus trap, inert background, transitions) is weight that a page only
 * needs once a dialog opens, and the sign-in page may never open one
 * (docs/decisions/021-first-load.md): it loads with the first dialog opened.
 */
let popupLoaded = false;
const DialogPopup = lazyModule(async () => {
  const module = await import('./dialog-popup');
  popupLoaded = true;
  return { default: module.DialogPopup };
});

/**
 * The one dialog primitive: Headless UI's Dialog (focus trap, Escape, inert background)
 * with the product's frame. Actions are passed as buttons; the first focusable one gets focus.
 */
export function AppDialog(props: AppDialogProps) {
  // Once opened it stays mounted, so closing plays out and focus goes back where it was.
  const [used, setUsed] = useState(popupLoaded);
  if (props.open && !used) setUsed(true);
  if (!used && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <DialogPopup {...props} />
    </Suspense>
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
  title: string;
  children: ReactNode;
  /** What the button does, in words ("Delete the project"): never a bare "Confirm". */
  confirmText: string;
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
          {/* Its words may name what it acts on ("Delete Maria Alessandra Bellini and 4 channels"). */}
          <Button variant={tone} onClick={onConfirm} pending={pending} className="h-auto min-h-10 py-2 text-center">
            <span className="whitespace-normal wrap-anywhere">{confirmText}</span>
          </Button>
        </>
      }
    >
      {children}
    </AppDialog>
  );
}

/**
 * What a form in a FormDialog is handed by its route: how to close, the route action's last answer
 * (a success, which closes the dialog, is not shown to the next form), and whether it is sending.
 */
export interface DialogFormProps {
  onClose: () => void;
  lastResult: SubmissionResult<string[]> | null | undefined;
  pending: boolean;
}

/** The action's last answer as a fresh form in the dialog takes it: a success is not its own. */
export const formResult = (lastResult: DialogFormProps['lastResult']) =>
  lastResult?.status === 'success' ? null : lastResult;

/**
 * Which item a FormDialog is about, kept by the route that opens it: `open(item)` and `close()`,
 * and the action's answer since it opened (`lastResult`), which is the dialog's to show. A
 * success closes it for good, here, as it arrives: Remix forgets an action's answer at the next
 * navigation (a filter, a period), and a dialog that closed only while the answer said success
 * would open again, empty, once it was forgotten. A success also ends the form's draft
 * (app/lib/drafts.ts): what was sent is not offered again.
 */
export function useFormDialog<Item>(lastResult: DialogFormProps['lastResult']) {
  const [open, setOpen] = useState<{ item: Item; before: DialogFormProps['lastResult'] } | null>(null);
  const [sent, setSent] = useState(0);
  const answer = open && lastResult !== open.before ? lastResult : undefined;
  if (open && answer?.status === 'success') {
    drafts.sent();
    setOpen(null);
    setSent(sent + 1);
  }
  return {
    item: open && answer?.status !== 'success' ? open.item : null,
    lastResult: answer,
    /** How many times a form was sent and taken: a page that moves the focus after one watches it. */
    sent,
    open: (item: Item) => setOpen({ item, before: lastResult }),
    close: () => setOpen(null),
  };
}

/**
 * The form variant: a dialog holding one form about `item` (renaming a project, replying to a
 * comment). Open while there is an item; it cannot be closed while the form is sending; the form
 * is made afresh for each item (`key`), so nothing typed for one shows for another. Its buttons
 * are the form's (no `actions`).
 */
export function FormDialog<Item>({
  item,
  itemKey,
  title,
  pending,
  onClose,
  children,
}: {
  item: Item | null;
  itemKey: (item: Item) => string;
  title: (item: Item) => string;
  pending: boolean;
  onClose: () => void;
  children: (item: Item) => ReactNode;
}) {
  return (
    <AppDialog
      open={item !== null}
      onClose={pending ? () => {} : onClose}
      title={item === null ? '' : title(item)}
      actions={null}
    >
      {item === null ? null : <Fragment key={itemKey(item)}>{children(item)}</Fragment>}
    </AppDialog>
  );
}
