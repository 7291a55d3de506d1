import { useTranslation } from 'react-i18next';
import type { ChannelKind } from '~contract/fields';
import { BrandMark, type Brand } from '~/components/ui/brand-mark';

/** The brand each kind of channel shows: ad accounts are Facebook's. */
export const CHANNEL_BRANDS: Record<ChannelKind, Brand> = {
  'facebook-page': 'facebook',
  'instagram-account': 'instagram',
  'facebook-ad-account': 'facebook',
  'linkedin-organization': 'linkedin',
  'tiktok-user': 'tiktok',
};

/** A channel as a line: its brand's mark (named by its kind for screen readers) and its name. */
export function ChannelLine({ kind, name }: { kind: ChannelKind; name: string }) {
  const { t } = useTranslation();
  return (
    <span className="flex min-w-0 items-center gap-2">
      <BrandMark brand={CHANNEL_BRANDS[kind]} className="size-4 shrink-0" label={t(`channels.kind.${kind}`)} />
      <span className="min-w-0 truncate">{name}</span>
    </span>
  );
}
