/**
 * HTML built from a template whose every interpolated value is escaped, text and attribute
 * values alike, unless it is itself such HTML (or a list of them): user text can never become
 * markup or a link. Used for our mails and the dev outbox page.
 */
export class SafeHtml {
  constructor(private readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ENTITIES[char]);

type Value = string | number | SafeHtml | SafeHtml[];

const render = (value: Value): string =>
  value instanceof SafeHtml ? value.toString() : Array.isArray(value) ? value.join('') : escapeHtml(String(value));

export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  return new SafeHtml(
    strings.reduce((out, part, index) => out + part + (index < values.length ? render(values[index]) : ''), ''),
  );
}
