import type { Context } from 'hono';
import { readForm } from '../../http/form-body';
import { html } from '../../mail/html';
import { sandboxPage, sandboxPagePolicy } from '../../mautic/sandbox-pages';

/**
 * What the sandbox providers' consent pages share (decision 025): who the app is and where it
 * may send the browser back (an unknown app or redirect URI is an error page, never a redirect),
 * the page itself (what the app asks for, whom to be, the buttons), and its error page. Each
 * provider keeps its own wording, field names and answers.
 */
export type SandboxProduct = 'Facebook' | 'LinkedIn' | 'TikTok';

/** Why a request must not go back to `redirectUri`, if it must not: the client and URI the provider knows. */
export function registrationRefusal(
  known: { clientId: string; redirectUris: string[]; clientWord: string; urisWord: string },
  clientId: string | undefined,
  redirectUri: string | undefined,
): string | undefined {
  if (clientId !== known.clientId) return `No app has this ${known.clientWord}.`;
  if (!redirectUri || !known.redirectUris.includes(redirectUri)) {
    return `This redirect_uri is not one of the app's ${known.urisWord}.`;
  }
  return undefined;
}

export function consentErrorPage(c: Context, product: SandboxProduct, problem: string) {
  return c.html(
    sandboxPage(
      'Error',
      html`<h1>This authorization request cannot go on</h1>
        <p>${problem}</p>
        <p class="note">The local ${product} sandbox.</p>`,
      product,
    ),
    400,
    { 'Content-Security-Policy': sandboxPagePolicy() },
  );
}

export interface ConsentPage {
  product: SandboxProduct;
  title: string;
  heading: string;
  intro: string;
  /** What the app asks for, listed. */
  scopes: string[];
  /** Made up, like everything here: said in the page's note. */
  madeUp: string;
  /** Sent back with the answer (the client, the redirect URI, the scope, the state). */
  hidden: Record<string, string | undefined>;
  /** Whom to be: the radio group's field, legend and choices (the first is checked). */
  choose: { field: string; legend: string; choices: Array<{ value: string; label: string; note: string }> };
  /** The decisions offered, as `decision` values with their labels; the first is the primary. */
  decisions: Array<{ value: string; label: string }>;
  /** Where the form's answer redirects to (for the page's `form-action`). */
  redirectUri: string;
}

export function consentPage(c: Context, page: ConsentPage) {
  const hidden = Object.entries(page.hidden).flatMap(([name, value]) =>
    value === undefined ? [] : [html`<input type="hidden" name="${name}" value="${value}" />`],
  );
  const choices = page.choose.choices.map(
    (choice, index) =>
      html`<label
        ><input
          type="radio"
          name="${page.choose.field}"
          value="${choice.value}"
          ${index === 0 ? html`checked` : html``}
        />
        <span>${choice.label} <span class="note">(${choice.note})</span></span></label
      >`,
  );
  const buttons = page.decisions.map(
    (decision, index) =>
      html`<button type="submit" name="decision" value="${decision.value}" class="${index === 0 ? 'allow' : 'deny'}">
        ${decision.label}
      </button>`,
  );
  const body = html`<h1>${page.heading}</h1>
    <p>${page.intro}</p>
    <ul>
      ${page.scopes.map((each) => html`<li><code>${each}</code></li>`)}
    </ul>
    <p class="note">
      This is the local sandbox standing in for ${page.product}; it exists outside a deployment only. ${page.madeUp}
    </p>
    <form method="post">
      ${hidden}
      <fieldset>
        <legend>${page.choose.legend}</legend>
        ${choices}
      </fieldset>
      <div class="actions wrap">${buttons}</div>
    </form>`;
  return c.html(sandboxPage(page.title, body, page.product), 200, {
    'Content-Security-Policy': sandboxPagePolicy([new URL(page.redirectUri).origin]),
  });
}

/** What the consent page's form must come back with: who the app is, whom to be, which button. */
export interface ConsentAnswerRules {
  product: SandboxProduct;
  /** The form's field naming the app (`client_id`, TikTok's `client_key`). */
  clientField: string;
  /** The form's field naming whom to be, and the values it may hold. */
  choiceField: string;
  choices: string[];
  decisions: string[];
  /** Why the app and redirect URI must not be answered (`registrationRefusal`), if they must not. */
  refusal: (clientId: string | undefined, redirectUri: string | undefined) => string | undefined;
}

export interface ConsentAnswer {
  redirectUri: string;
  state: string | undefined;
  decision: string;
  /** Whom the person chose to be. */
  subject: string;
  /** The scopes asked, as the page sent them back. */
  scope: string;
}

/**
 * The consent page's answer, read and checked: an unknown app or redirect URI, or a form that
 * came back incomplete, is the error page (never a redirect); else what the person decided.
 */
export async function readConsentAnswer(c: Context, rules: ConsentAnswerRules): Promise<Response | ConsentAnswer> {
  const form = (await readForm(c)) ?? {};
  const problem = rules.refusal(form[rules.clientField], form.redirect_uri);
  if (problem) return consentErrorPage(c, rules.product, problem);
  const subject = form[rules.choiceField];
  const decision = form.decision;
  if (!subject || !rules.choices.includes(subject) || !decision || !rules.decisions.includes(decision)) {
    return consentErrorPage(c, rules.product, 'The consent form came back incomplete.');
  }
  return { redirectUri: form.redirect_uri!, state: form.state, decision, subject, scope: form.scope ?? '' };
}
