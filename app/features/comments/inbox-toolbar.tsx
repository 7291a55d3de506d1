import { useTranslation } from 'react-i18next';
import { CHANNEL_KINDS } from '~contract/fields';
import { INBOX_ORDERS, INBOX_STATES, NETWORKS, type Network } from '~contract/inbox';
import { SearchField } from '~/components/ui/search-field';
import { Select } from '~/components/ui/select';
import { FLAG_FILTERS } from './filter';
import { ANY, FlagFilterSelects, SentimentFilterSelect } from './filter-selects';
import { FoldedFilters } from './folded-filters';
import type { InboxFilter } from './inbox-filter';
import { useWordsFilters } from './words-filters';

export interface InboxProjectChoice {
  id: string;
  name: string;
  channels: Array<{ id: string; name: string; kind: (typeof CHANNEL_KINDS)[number] }>;
}

/**
 * The inbox's filters (docs/product.md#inbox): open or done, the order, a project, a sentiment and
 * the words (all but the first folded on a phone); and, folded at every width, a network, a
 * channel, the three flags and the author. Each
 * change goes to the URL through `onChange`, where the list reads it from.
 */
export function InboxToolbar({
  filter,
  projects,
  onChange,
}: {
  filter: InboxFilter;
  projects: InboxProjectChoice[];
  onChange: (change: Partial<InboxFilter>) => void;
}) {
  const { t } = useTranslation();
  const { message, setMessage, authorName, setAuthorName, tooShort } = useWordsFilters(filter, onChange);
  // The channels of the project chosen, or of them all, each once.
  const channels = [
    ...new Map(
      projects
        .filter((project) => !filter.projectId || project.id === filter.projectId)
        .flatMap((project) => project.channels)
        .map((channel) => [channel.id, channel]),
    ).values(),
  ].sort((a, b) => a.name.localeCompare(b.name));
  const folded = [
    filter.order === 'negativeFirst' ? undefined : filter.order,
    filter.projectId,
    filter.network,
    filter.sentiment,
    filter.channelId,
    filter.message || undefined,
    filter.authorName || undefined,
    ...FLAG_FILTERS.map((name) => filter[name]),
  ].filter((value) => value !== undefined).length;
  // The filters folded at every width: those a manager reaches for less often.
  const foldedEverywhere = [
    filter.network,
    filter.channelId,
    filter.authorName || undefined,
    ...FLAG_FILTERS.map((name) => filter[name]),
  ].filter((value) => value !== undefined).length;

  return (
    // Columns by the width the list has, not the window's (the sidebar takes its share), the others
    // folded behind "More filters", so the first comments are in view at 1280 px. The five filters
    // used most share one row only where each has room for its words (from 1440 px a window): below
    // that, four in a row and the words under them, two columns wide, where their placeholder and
    // the selects' longest choices (in Italian) would be cut.
    <div className="@container">
      <div
        role="search"
        aria-label={t('inbox.filters.label')}
        className="grid gap-3 sm:grid-cols-2 @3xl:grid-cols-4 @6xl:grid-cols-5"
      >
        <Select
          label={t('inbox.filters.state')}
          options={INBOX_STATES.map((state) => ({ value: state, label: t(`inbox.filters.states.${state}`) }))}
          value={filter.state}
          onChange={(state) => onChange({ state: state as InboxFilter['state'] })}
        />
        <FoldedFilters
          set={folded}
          moreSet={foldedEverywhere}
          more={
            <>
              <Select
                label={t('inbox.filters.network')}
                options={[
                  { value: ANY, label: t('inbox.filters.anyNetwork') },
                  ...NETWORKS.map((network) => ({ value: network, label: t(`inbox.networks.${network}`) })),
                ]}
                value={filter.network ?? ANY}
                onChange={(value) => onChange({ network: value === ANY ? undefined : (value as Network) })}
              />
              <Select
                label={t('projectComments.filters.channel')}
                options={[
                  { value: ANY, label: t('projectComments.filters.anyChannel') },
                  ...channels.map((channel) => ({ value: channel.id, label: channel.name })),
                ]}
                value={filter.channelId ?? ANY}
                onChange={(value) => onChange({ channelId: value === ANY ? undefined : value })}
              />
              <FlagFilterSelects filter={filter} onChange={(flags) => onChange(flags)} />
              <SearchField
                label={t('review.filters.authorName')}
                placeholder={t('review.filters.authorNamePlaceholder')}
                value={authorName}
                onChange={setAuthorName}
                hint={tooShort(authorName)}
              />
            </>
          }
        >
          <Select
            label={t('inbox.filters.order')}
            options={INBOX_ORDERS.map((order) => ({ value: order, label: t(`inbox.filters.orders.${order}`) }))}
            value={filter.order}
            onChange={(order) => onChange({ order: order as InboxFilter['order'] })}
          />
          <Select
            label={t('inbox.filters.project')}
            options={[
              { value: ANY, label: t('inbox.filters.anyProject') },
              ...projects.map((project) => ({ value: project.id, label: project.name })),
            ]}
            value={filter.projectId ?? ANY}
            onChange={(value) => onChange({ projectId: value === ANY ? undefined : value, channelId: undefined })}
          />
          <SentimentFilterSelect value={filter.sentiment} onChange={(sentiment) => onChange({ sentiment })} />
          <div className="@3xl:col-span-2 @6xl:col-span-1">
            <SearchField
              label={t('review.filters.message')}
              placeholder={t('review.filters.messagePlaceholder')}
              value={message}
              onChange={setMessage}
              hint={tooShort(message)}
            />
          </div>
        </FoldedFilters>
      </div>
    </div>
  );
}
