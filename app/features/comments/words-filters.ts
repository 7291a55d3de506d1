import { useTranslation } from 'react-i18next';
import { WORDS_MIN_LENGTH } from '~contract/comments';
import { useDebouncedSearch } from '~/lib/use-debounced-search';

/** The text filters wait as the Support search does (docs/product.md#limits-and-timings: 600 ms) before asking again. */
const TEXT_DEBOUNCE_MS = 600;

/** Whether a text filter can be asked for: none, or WORDS_MIN_LENGTH characters or more. */
const searchable = (text: string) => text === '' || text.length >= WORDS_MIN_LENGTH;

/**
 * A list's two text filters, the message's words and the author's name, as the review and the
 * inbox take them: each box keeps what is typed and asks for it once typing pauses, from its
 * third character (the API's WORDS_MIN_LENGTH); `tooShort` is what a box says until then.
 */
export function useWordsFilters(
  filter: { message: string; authorName: string },
  onChange: (change: { message?: string; authorName?: string }) => void,
) {
  const { t } = useTranslation();
  const [message, setMessage] = useDebouncedSearch(
    filter.message,
    (value) => searchable(value) && onChange({ message: value }),
    TEXT_DEBOUNCE_MS,
  );
  const [authorName, setAuthorName] = useDebouncedSearch(
    filter.authorName,
    (value) => searchable(value) && onChange({ authorName: value }),
    TEXT_DEBOUNCE_MS,
  );
  const tooShort = (text: string) =>
    searchable(text.trim()) ? undefined : t('review.filters.wordsMin', { count: WORDS_MIN_LENGTH });
  return { message, setMessage, authorName, setAuthorName, tooShort };
}
