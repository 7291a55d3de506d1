import { useEffect, useState } from 'react';
import { env } from '~/lib/env';
import { whenIdle } from '~/lib/idle';
import { useScreen } from '~/lib/screen';

/** Where the widget draws itself; hidden below the medium screen size. */
export const CHAT_CONTAINER_ID = 'customer-chat';

/**
 * The customer-chat widget (docs/product.md#screen-sizes): shown only at the medium screen size and
 * up; its script and id come from configuration (VITE_CHAT_WIDGET_URL, VITE_CHAT_WIDGET_ID), and
 * with none configured nothing loads and nothing is shown. The script is first loaded the first
 * time the screen is wide enough; narrowing the screen afterwards hides the widget's container.
 */
export function ChatWidget({ config = env.chatWidget }: { config?: { url: string; id: string } | null }) {
  const { md } = useScreen();
  // Wanted from the first time the screen is wide enough, and from then on.
  const [wanted, setWanted] = useState(md);
  if (md && !wanted) setWanted(true);
  useEffect(() => {
    if (!config || !wanted) return;
    return whenIdle(() => {
      if (document.querySelector(`script[data-chat-widget]`)) return;
      const script = document.createElement('script');
      script.src = config.url;
      script.async = true;
      script.dataset.chatWidget = config.id;
      script.dataset.container = CHAT_CONTAINER_ID;
      document.body.append(script);
    });
  }, [config, wanted]);
  if (!config) return null;
  return <div id={CHAT_CONTAINER_ID} hidden={!md} data-testid="chat-widget" />;
}
