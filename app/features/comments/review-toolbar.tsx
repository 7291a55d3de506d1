import { useTranslation } from 'react-i18next';
import { SearchField } from '~/components/ui/search-field';
import { Select } from '~/components/ui/select';
import { FLAG_FILTERS, readFlag, type ReviewFilter } from './filter';
import { ANY, FlagFilterSelects, flagValue, SentimentFilterSelect } from './filter-selects';
import { FoldedFilters } from './folded-filters';
import { useWordsFilters } from './words-filters';

/**
 * The review list's filters (docs/product.md#sentiment-review): message and author name as one types, sentiment,
 * whether in review (the default: in review only), and the three flags. Each change goes to the
 * URL through `onChange`, which is where the list reads them from.
 */
export function ReviewToolbar({
  filter,
  onChange,
}: {
  filter: ReviewFilter;
  onChange: (change: Partial<ReviewFilter>) => void;
}) {
  const { t } = useTranslation();
  const { message, setMessage, authorName, setAuthorName, tooShort } = useWordsFilters(filter, onChange);
  // On a phone only the message search shows until asked for the rest (open when some are set).
  const others = [
    filter.authorName,
    filter.sentiment,
    filter.inReview !== true || undefined,
    ...FLAG_FILTERS.map((name) => filter[name]),
  ];
  const set = others.filter((value) => value !== undefined && value !== '').length;

  return (
    <div role="search" aria-label={t('review.filters.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <SearchField
        label={t('review.filters.message')}
        placeholder={t('review.filters.messagePlaceholder')}
        value={message}
        onChange={setMessage}
        hint={tooShort(message)}
      />
      <FoldedFilters set={set}>
        <SearchField
          label={t('review.filters.authorName')}
          placeholder={t('review.filters.authorNamePlaceholder')}
          value={authorName}
          onChange={setAuthorName}
          hint={tooShort(authorName)}
        />
        <SentimentFilterSelect value={filter.sentiment} onChange={(sentiment) => onChange({ sentiment })} />
        <Select
          label={t('review.filters.inReview.label')}
          options={[
            { value: 'true', label: t('review.filters.inReview.true') },
            { value: 'false', label: t('review.filters.inReview.false') },
            { value: ANY, label: t('review.filters.inReview.any') },
          ]}
          value={flagValue(filter.inReview)}
          onChange={(value) => onChange({ inReview: readFlag(value) })}
        />
        <FlagFilterSelects filter={filter} onChange={onChange} />
      </FoldedFilters>
    </div>
  );
}
