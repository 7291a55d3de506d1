import { useId, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as savedReplies from '~contract/saved-replies';
import type { SavedReply, SavedReplyVariable } from '~contract/saved-replies';
import { TextLink } from '~/components/ui/text-link';
import { paths } from '~/lib/paths';
import { insertAt, savedRepliesMatching, slashQueryAt } from './saved-reply-slash';

/**
 * Writes `value` into a form's textarea as typing would: the form library and the field's counter
 * hear an input event, and the caret lands at `caret`.
 */
export function typeInto(element: HTMLTextAreaElement, value: string, caret: number) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(element, value);
  element.setSelectionRange(caret, caret);
  element.dispatchEvent(new Event('input', { bubbles: true }));
  element.focus();
}

type Search = { start: number; caret: number; query: string };

/**
 * The saved replies in a reply box (docs/product.md#saved-replies): typing `/` and a few letters of
 * a title offers the replies it finds under the box; the arrows choose, Enter or Tab inserts the
 * chosen one with its variables filled for this comment, Escape closes the list (not the dialog).
 * The textarea keeps the focus throughout, naming the chosen option (`aria-activedescendant`), as
 * the ARIA combobox pattern does for a text box with a list.
 *
 * `replies` is null when they could not be read: the box says so and the reply works as usual.
 */
export function useSavedReplyPicker(replies: SavedReply[] | null, values: Partial<Record<SavedReplyVariable, string>>) {
  const { t } = useTranslation();
  const listId = useId();
  const element = useRef<HTMLTextAreaElement | null>(null);
  const [search, setSearch] = useState<Search | null>(null);
  const [active, setActive] = useState(0);
  // The search the user closed with Escape, by where its `/` is: it stays closed until another `/`.
  const [dismissed, setDismissed] = useState<number | null>(null);
  const options = search && replies ? savedRepliesMatching(replies, search.query) : [];
  const open = search !== null && replies !== null && search.start !== dismissed;
  const chosen = open ? options[Math.min(active, options.length - 1)] : undefined;
  const optionId = (index: number) => `${listId}-option-${index}`;

  /** Follows the caret: a search opens, narrows or closes as the user types or moves. */
  const follow = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const textarea = event.currentTarget;
    element.current = textarea;
    const { selectionStart, selectionEnd, value } = textarea;
    const found = selectionStart === selectionEnd ? slashQueryAt(value, selectionStart) : undefined;
    if (!found) {
      setSearch(null);
      setDismissed(null);
      return;
    }
    if (found.query !== search?.query || found.start !== search.start) setActive(0);
    setSearch({ ...found, caret: selectionStart });
  };

  const insert = (reply: SavedReply) => {
    const textarea = element.current;
    if (!textarea || !search) return;
    const next = insertAt(
      textarea.value,
      search.start,
      search.caret,
      savedReplies.fillSavedReply(reply.message, values),
    );
    setSearch(null);
    typeInto(textarea, next.value, next.caret);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'Escape') {
      // The list closes; the dialog around it stays.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(search.start);
      return;
    }
    if (options.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (Math.min(index, options.length - 1) + step + options.length) % options.length);
    } else if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      event.preventDefault();
      insert(chosen!);
    }
  };

  const textareaProps = {
    onInput: follow,
    onSelect: follow,
    onKeyDown,
    onBlur: () => setSearch(null),
    'aria-autocomplete': 'list' as const,
    'aria-controls': open && options.length > 0 ? listId : undefined,
    'aria-activedescendant': chosen ? optionId(options.indexOf(chosen)) : undefined,
  };

  const manage = (
    <TextLink to={paths.savedReplies()} className="whitespace-nowrap">
      {t('savedReplies.picker.manage')}
    </TextLink>
  );

  const picker = (
    <>
      {/* Said as the list changes, so a screen reader knows the keys without looking. */}
      <p className="sr-only" aria-live="polite">
        {open && options.length > 0 ? t('savedReplies.picker.count', { count: options.length }) : ''}
      </p>
      {open ? (
        <div className="rounded-lg bg-raised p-1 shadow-md ring-1 ring-line">
          {options.length > 0 ? (
            <ul id={listId} role="listbox" aria-label={t('savedReplies.picker.label')} className="flex flex-col">
              {options.map((reply, index) => (
                // The keys are the textarea's, which names the chosen option; a click is the pointer's way.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={reply.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={reply === chosen}
                  // The textarea keeps the focus: a click chooses without leaving it.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => insert(reply)}
                  onMouseMove={() => setActive(index)}
                  className={`cursor-pointer rounded-md px-3 py-2 text-sm ${reply === chosen ? 'bg-muted text-fg' : 'text-fg'}`}
                >
                  <span className="block truncate font-semibold">{reply.title}</span>
                  {/* User content: text, never HTML. */}
                  <span className="line-clamp-2 wrap-anywhere whitespace-pre-line text-fg-muted">
                    {savedReplies.fillSavedReply(reply.message, values)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="px-3 py-2 text-sm wrap-anywhere text-fg-muted">
              {replies!.length === 0
                ? t('savedReplies.picker.noneYet')
                : t('savedReplies.picker.none', { query: search.query })}
            </p>
          )}
        </div>
      ) : null}
    </>
  );

  const hint =
    replies === null ? (
      t('savedReplies.picker.unavailable')
    ) : (
      <>
        {t('savedReplies.picker.hint')} {manage}
      </>
    );

  return { textareaProps, picker, hint };
}
