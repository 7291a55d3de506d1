import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain-Node script without types of its own.
import { nodeVersionProblem, satisfies } from './node-version.mjs';
import packageJson from '../package.json';

describe("the start's Node check", () => {
  const range = packageJson.engines.node;

  it("takes the lines package.json's engines allow", () => {
    for (const version of ['22.12.0', 'v22.23.3', '24.0.0', '24.21.0', '26.1.0'])
      expect(satisfies(version, range)).toBe(true);
  });

  it('refuses older ones, and 23 (not an LTS line the range names)', () => {
    for (const version of ['20.20.2', '22.11.0', '18.0.0', '23.5.0']) expect(satisfies(version, range)).toBe(false);
  });

  it('says in one line which Node is needed and how to get it', () => {
    const line = nodeVersionProblem('v20.20.2', '^22.12.0 || >=24.0.0');
    expect(line).toBe(
      'This project needs Node ^22.12.0 or >=24.0.0 (this is Node 20.20.2): `nvm install` takes the version in .nvmrc, or see https://nodejs.org/en/download',
    );
    expect(nodeVersionProblem('24.21.0', '^22.12.0 || >=24.0.0')).toBeUndefined();
  });
});
