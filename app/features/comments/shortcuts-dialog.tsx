import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { AppDialog } from '~/components/ui/dialog';

/** The review list's keys, as the help dialog lists them (and review-keys.ts reads them). */
export const REVIEW_SHORTCUTS = [
  { keys: ['j', '↓'], does: 'next' },
  { keys: ['k', '↑'], does: 'previous' },
  { keys: ['x', 'Space'], does: 'select' },
  { keys: ['Shift', 'x'], does: 'selectRange' },
  { keys: ['a'], does: 'accept' },
  { keys: ['r'], does: 'reject' },
  { keys: ['e'], does: 'edit' },
  { keys: ['1–5'], does: 'sentiment' },
  { keys: ['Esc'], does: 'clear' },
  { keys: ['?'], does: 'help' },
] as const;

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={t('review.shortcuts.title')}
      actions={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <p className="mb-3 text-sm text-fg-muted">{t('review.shortcuts.intro')}</p>
      <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-2 text-sm">
        {REVIEW_SHORTCUTS.map((shortcut) => (
          <div key={shortcut.does} className="contents">
            <dt className="flex gap-1 justify-self-end">
              {shortcut.keys.map((key) => (
                <kbd
                  key={key}
                  className="min-w-6 rounded border border-line-strong bg-muted px-1.5 py-0.5 text-center font-mono text-xs text-fg"
                >
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-fg">{t(`review.shortcuts.${shortcut.does}`)}</dd>
          </div>
        ))}
      </dl>
    </AppDialog>
  );
}
