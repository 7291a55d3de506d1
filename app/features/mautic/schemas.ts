import { z } from 'zod/mini';
import * as fields from '~contract/fields';

const missing = (issue: { input: unknown }) => issue.input === undefined || issue.input === null;
/** `required` when absent, else `in` (a value the form never carries). */
const only = <T extends string>(value: T) =>
  z.literal(value, { error: (issue) => (missing(issue) ? 'required' : 'in') });

/**
 * The Mautic form (docs/product.md#mautic): what the browser takes to Mautic's authorize page,
 * every field required. Only the client id shows; the rest are fixed by OAuth2 or made by the page,
 * so the form is valid exactly when the installation has a Mautic and the page has made its state.
 */
export const MauticFormSchema = z.object({
  client_id: fields.text(500),
  grant_type: only('authorization_code'),
  redirect_uri: z.url({ protocol: /^https?$/, error: (issue) => (missing(issue) ? 'required' : 'in') }),
  response_type: only('code'),
  state: fields.text(200),
});
export type MauticForm = z.output<typeof MauticFormSchema>;
