/**
 * The OAuth2 `state` of the Mautic authorisation (docs/product.md#mautic): random, kept in this
 * browser, sent to Mautic and compared with what comes back, so a code the admin did not ask for (a
 * forged link back to /admin/mautic) is never exchanged. A state is used once: it is made anew
 * after every return, whether it matched or not.
 */
const KEY = 'mauticState';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage refused (a privacy mode): the round trip cannot be checked, so it fails as a mismatch.
    return null;
  }
}

/** 32 random bytes in hex. */
function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function storedMauticState(): string | null {
  return storage()?.getItem(KEY) ?? null;
}

/** Makes and keeps a new state, and gives it back. */
export function renewMauticState(): string {
  const state = randomState();
  storage()?.setItem(KEY, state);
  return state;
}

/** The state to send: the one kept, or a new one when there is none. */
export function currentMauticState(): string {
  return storedMauticState() ?? renewMauticState();
}
