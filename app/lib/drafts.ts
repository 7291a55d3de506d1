/**
 * What was typed in a form dialog and not sent (docs/product.md#replies): a reply closed by Escape,
 * a click beside it or Cancel, or left when the session ended and the page went to sign in, is
 * there again when the same dialog opens for the same item. Kept in this tab's memory only, for
 * the user who typed it: another user signing in, or signing out, forgets every draft, and a
 * reload does too. A form opts in with `useAppForm`'s `draft`, naming the fields it keeps (never
 * a password).
 */
type Values = Record<string, string>;

const kept = new Map<string, Values>();
let owner: string | null = null;
/** The draft whose form is being sent: a success forgets it. */
let sending: string | null = null;
/** The draft a success just forgot: its form, closing, must not keep it again. */
let justSent: string | null = null;

export const drafts = {
  read: (key: string): Values | undefined => kept.get(key),
  /** Keeps what a closing form holds, unless it was just sent or holds nothing new. */
  keep(key: string, values: Values, initial: Values) {
    // Closed, it is no longer being sent (a refusal answered, or the page left while it was on its way).
    if (sending === key) sending = null;
    if (justSent === key) {
      justSent = null;
      return;
    }
    const changed = Object.entries(values).some(([name, value]) => value !== (initial[name] ?? ''));
    if (changed) kept.set(key, values);
    else kept.delete(key);
  },
  /**
   * A valid form leaves: a success forgets its draft. Anything else keeps it as the form goes
   * (`keep`), where its fields still hold what was sent.
   */
  sending(key: string) {
    sending = key;
  },
  /** The form being sent succeeded (the dialog closes): its draft is done with. */
  sent() {
    if (sending === null) return;
    kept.delete(sending);
    justSent = sending;
    sending = null;
  },
  /** The signed-in user; a different one than the drafts were typed by forgets them. */
  ownedBy(userId: string) {
    if (owner !== null && owner !== userId) drafts.forget();
    owner = userId;
  },
  forget() {
    kept.clear();
    sending = null;
    justSent = null;
    owner = null;
  },
};

/** The named fields' values in a form element, as a draft keeps them. */
export function draftValues(form: HTMLFormElement, fields: readonly string[]): Values {
  const data = new FormData(form);
  return Object.fromEntries(fields.map((name) => [name, String(data.get(name) ?? '')]));
}
