import { expect } from 'vitest';
import { ProviderError } from '../integrations/providers/provider-error';

/** The ProviderError `promise` rejects with (the test fails if it resolves or throws anything else). */
export async function providerErrorOf(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}
