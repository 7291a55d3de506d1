import { ChatWidget } from '~/components/chat-widget';
import { UpdatePrompt } from '~/features/app-update/update-prompt';

/**
 * What every page has but no first screen needs: the update prompt (which registers the
 * service worker) and the customer chat. Loaded by the root once the first screen is up and
 * the browser is idle (docs/decisions/021-first-load.md).
 */
export default function AfterStartup() {
  return (
    <>
      <UpdatePrompt />
      <ChatWidget />
    </>
  );
}
