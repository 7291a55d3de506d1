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
  { keys: ['z'], does: 'undo' },
  { keys: ['Esc'], does: 'clear' },
  { keys: ['?'], does: 'help' },
] as const;

/** The keys named by a word, said in the reader's language (an Italian keyboard says "Maiusc"). */
const KEY_WORDS = { Space: 'common.keys.space', Shift: 'common.keys.shift', Esc: 'common.keys.esc' } as const;
const isKeyWord = (key: string): key is keyof typeof KEY_WORDS => Object.hasOwn(KEY_WORDS, key);

/**
 * The button that opens a list's keys (`ShortcutsDialog`), beside the page's title. Not where the
 * screen is touched: there is no keyboard to use them with (`?` still opens them).
 */
export function ShortcutsButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="pointer-coarse:hidden">
      <Button variant="secondary" size="sm" onClick={onClick}>
        {t('review.shortcuts.open')}
      </Button>
    </div>
  );
}

/**
 * A list's keys in a dialog (`?`): the review's, or those given with the translations' prefix
 * (`inbox.shortcuts`) that holds its title, its intro and a line for each.
 */
export function ShortcutsDialog({
  open,
  onClose,
  shortcuts = REVIEW_SHORTCUTS,
  words = 'review.shortcuts',
}: {
  open: boolean;
  onClose: () => void;
  shortcuts?: ReadonlyArray<{ keys: readonly string[]; does: string }>;
  words?: 'review.shortcuts' | 'inbox.shortcuts';
}) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={t(`${words}.title`)}
      actions={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <p className="mb-3 text-sm text-fg-muted">{t(`${words}.intro`)}</p>
      <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-2 text-sm">
        {shortcuts.map((shortcut) => (
          <div key={shortcut.does} className="contents">
            <dt className="flex gap-1 justify-self-end">
              {shortcut.keys.map((key) => (
                <kbd
                  key={key}
                  className="min-w-6 rounded border border-line-strong bg-muted px-1.5 py-0.5 text-center font-mono text-xs text-fg"
                >
                  {isKeyWord(key) ? t(KEY_WORDS[key]) : key}
                </kbd>
              ))}
            </dt>
            <dd className="text-fg">{t(`${words}.${shortcut.does}` as 'review.shortcuts.next')}</dd>
          </div>
        ))}
      </dl>
    </AppDialog>
  );
}
