import { useTranslation } from 'react-i18next';
import { SENTIMENTS, type Sentiment } from '~contract/fields';
import { Select } from '~/components/ui/select';
import { FLAG_FILTERS, readFlag, type FlagFilter } from './filter';

/** The value a filter's select holds for "no filter". */
export const ANY = 'any';

/**
 * The filters a comment list shares, here and in the admin review: the sentiment (any, or one)
 * and the three flags (any, yes or no each). Each change is handed on, undefined for "any".
 */
export function SentimentFilterSelect({
  value,
  onChange,
}: {
  value: Sentiment | undefined;
  onChange: (sentiment: Sentiment | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('review.filters.sentiment')}
      options={[
        { value: ANY, label: t('review.filters.anySentiment') },
        ...SENTIMENTS.map((sentiment) => ({ value: sentiment, label: t(`ui.sentiment.${sentiment}`) })),
      ]}
      value={value ?? ANY}
      onChange={(chosen) => onChange(chosen === ANY ? undefined : (chosen as Sentiment))}
    />
  );
}

export function FlagFilterSelects({
  filter,
  onChange,
}: {
  filter: Partial<Record<FlagFilter, boolean>>;
  onChange: (change: Partial<Record<FlagFilter, boolean | undefined>>) => void;
}) {
  const { t } = useTranslation();
  return FLAG_FILTERS.map((name) => (
    <Select
      key={name}
      label={t(`review.filters.${name}.label`)}
      options={[
        { value: ANY, label: t('review.filters.any') },
        { value: 'true', label: t(`review.filters.${name}.true`) },
        { value: 'false', label: t(`review.filters.${name}.false`) },
      ]}
      value={flagValue(filter[name])}
      onChange={(value) => onChange({ [name]: readFlag(value) })}
    />
  ));
}

/** A flag as its select holds it: ANY for either (readFlag reads it back). */
export const flagValue = (value: boolean | undefined) => (value === undefined ? ANY : String(value));
