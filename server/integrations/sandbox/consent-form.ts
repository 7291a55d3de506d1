/**
 * The hidden fields of a sandbox consent page's form (./consent.ts), as a browser would send them
 * back: what the tests, the bench and the screenshot script answer the page with. No imports, so
 * the e2e tests and scripts load it alone.
 */
export function consentFormFields(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [
      match[1]!,
      match[2]!.replace(/&amp;/g, '&'),
    ]),
  );
}

/**
 * A Facebook round trip over HTTP, up to its return: the API at `base` starts it for the user of
 * `accessToken`, the sandbox's dialog is opened and answered as `person` with Allow, and the
 * address Facebook sends the browser back to (with `code` and `state`) is returned. What storing
 * it takes is the caller's (a test checks it, the bench times it).
 */
export async function facebookReturnOverHttp(base: string, accessToken: string, person: string): Promise<URL> {
  const started = await fetch(`${base}/v1.0/facebook-accounts/authorize`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: '{}',
  });
  if (started.status !== 200) throw new Error(`authorize answered ${started.status}`);
  const dialog = new URL(((await started.json()) as { url: string }).url);
  const page = await (await fetch(`${base}${dialog.pathname}${dialog.search}`)).text();
  const answered = await fetch(`${base}${dialog.pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...consentFormFields(page), person, decision: 'allow' }),
  });
  return new URL(answered.headers.get('location')!);
}
