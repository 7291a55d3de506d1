import { useTranslation } from 'react-i18next';
import { REPLIED_KINDS, type ChannelKind } from '~contract/fields';
import { Alert } from '~/components/ui/alert';
import { TextLink } from '~/components/ui/text-link';
import { listFormat } from '~/lib/format';
import { paths } from '~/lib/paths';

interface ListedChannel {
  id: string;
  kind: ChannelKind;
  name: string;
  canReply: boolean;
}

/** How many channels the notice names before it counts the rest. */
const NAMED = 3;

/**
 * The channels of `comments` whose kind takes replies but that came without a connected account
 * (so their comments offer no Reply), each once, by name.
 */
export function channelsWithoutAccount(comments: ReadonlyArray<{ channel: ListedChannel }>): string[] {
  const channels = new Map<string, string>();
  for (const { channel } of comments) {
    if (!channel.canReply && REPLIED_KINDS.includes(channel.kind)) channels.set(channel.id, channel.name);
  }
  return [...channels.values()].sort((a, b) => a.localeCompare(b));
}

/**
 * Why the comments listed on some channels offer no Reply, and where to change it
 * (docs/product.md#replies): their channel takes replies, but came without the account that
 * manages it (attached before it was connected, or its account removed since). Nothing when every
 * listed comment that could take a reply does. It reads the list's first page only: a notice that
 * grew above the list as more pages load would move the list under the reader.
 */
export function ReplyNeedsAccount({ firstPage = [] }: { firstPage?: ReadonlyArray<{ channel: ListedChannel }> }) {
  const { t, i18n } = useTranslation();
  const names = channelsWithoutAccount(firstPage);
  if (names.length === 0) return null;
  const shown =
    names.length > NAMED + 1
      ? [...names.slice(0, NAMED), t('projectComments.replyNeedsAccount.more', { count: names.length - NAMED })]
      : names;
  return (
    <Alert
      tone="info"
      title={t('projectComments.replyNeedsAccount.title')}
      action={<TextLink to={paths.integrations()}>{t('projectComments.replyNeedsAccount.action')}</TextLink>}
    >
      {t('projectComments.replyNeedsAccount.body', {
        count: names.length,
        channels: listFormat(i18n.language, { type: 'conjunction' }).format(shown),
      })}
    </Alert>
  );
}
