// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render } from '~/test/render';
import { Alert } from './alert';

describe('Alert', () => {
  it('is plain text with the page unless asked to be live', async () => {
    const container = await render(
      <Alert tone="warning" title="Access expiring soon">
        Reconnect your page.
      </Alert>,
    );
    expect(container.querySelector('[role]')).toBeNull();
    expect(container.textContent).toBe('Access expiring soonReconnect your page.');
  });

  it('is an alert when live, so what appears later is heard at once', async () => {
    const container = await render(
      <Alert tone="danger" live action={<button type="button">Retry</button>}>
        Publishing failed.
      </Alert>,
    );
    const alert = container.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe('Publishing failed.Retry');
    // Its mark is decoration only.
    expect(alert?.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});
