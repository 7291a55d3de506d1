/**
 * Whether this Node is one `package.json`'s `engines.node` allows, and the one line that says
 * what to do when it is not: what `npm start` prints before anything else (a build or a server
 * on an older Node fails later, and less clearly). Plain Node, no packages: it runs first.
 */
import { readFileSync } from 'node:fs';

/** `version` (x.y.z) against a range of `^x.y.z`, `>=x.y.z` and `x` parts joined by `||`. */
export function satisfies(version, range) {
  const [major, minor, patch] = version.replace(/^v/, '').split('.').map(Number);
  const atLeast = (a, b, c) => major > a || (major === a && (minor > b || (minor === b && patch >= c)));
  return range.split('||').some((part) => {
    const match = /^\s*(\^|>=)?\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(part);
    if (!match) return false;
    const [, operator, a, b = '0', c = '0'] = match;
    const [wantMajor, wantMinor, wantPatch] = [Number(a), Number(b), Number(c)];
    if (operator === '>=') return atLeast(wantMajor, wantMinor, wantPatch);
    return major === wantMajor && atLeast(wantMajor, wantMinor, wantPatch);
  });
}

/** The line to print when `version` is not one `range` allows; undefined when it is. */
export function nodeVersionProblem(version, range) {
  if (satisfies(version, range)) return undefined;
  return (
    `This project needs Node ${range.replace(/\s*\|\|\s*/g, ' or ')} (this is Node ${version.replace(/^v/, '')}): ` +
    '`nvm install` takes the version in .nvmrc, or see https://nodejs.org/en/download'
  );
}

/** Ends the process with that line when this Node will not do. */
export function refuseOlderNode() {
  const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const problem = nodeVersionProblem(process.version, engines.node);
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}
