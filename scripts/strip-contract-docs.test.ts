import { parseAst } from 'rollup/parseAst';
import { describe, expect, it } from 'vitest';
import { stripContractDocs } from './strip-contract-docs';

function strip(source: string, id = '/repo/contract/auth.ts'): string {
  const plugin = stripContractDocs();
  const transform = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null;
  const result = transform.call({ parse: (code: string) => parseAst(code) }, source, id);
  return result ? result.code : source;
}

/** Runs the module's text and gives back what it exports as `op`. */
function evaluate(source: string): unknown {
  return new Function(`${source.replace('export const op =', 'return')}`)();
}

describe('the contract prose stripped from the browser build', () => {
  const operation = `export const op = {
  method: 'POST',
  path: '/v1.0/auth/password',
  summary: 'Change the password',
  description: 'The current password must match ' + \`(422 otherwise).\`,
  tag: 'Auth',
  responses: { 200: { description: 'Changed.', body: 1 }, 204: { description: 'Nothing.' } },
};`;

  it('drops every summary and description, leaving the rest as it was', () => {
    const stripped = strip(operation);
    expect(stripped).not.toMatch(/summary|description|current password|Changed/);
    expect(evaluate(stripped)).toEqual({
      method: 'POST',
      path: '/v1.0/auth/password',
      tag: 'Auth',
      responses: { 200: { body: 1 }, 204: {} },
    });
  });

  it('keeps a description that is not plain text (computed from something else)', () => {
    const source = `const text = 'x';\nexport const op = { description: text, summary: \`a \${text}\`, path: '/p' };`;
    expect(evaluate(strip(source))).toEqual({
      description: 'x',
      summary: 'a x',
      path: '/p',
    });
  });

  it('leaves modules outside the contract alone', () => {
    expect(strip(operation, '/repo/app/features/auth/api.ts')).toBe(operation);
  });
});
