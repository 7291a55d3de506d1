import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from './return-url';
import { paths } from './paths';

describe('safeReturnUrl', () => {
  it.each([
    ['/projects', '/projects'],
    ['/projects?tab=all#top', '/projects?tab=all#top'],
    ['/a/../b', '/b'],
    ['/', '/'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeReturnUrl(input)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    '//evil.example',
    '//evil.example/path',
    'https://evil.example',
    'http://evil.example/projects',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'projects',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /projects',
    // Dot segments and backslashes that URL parsing resolves into `//host`.
    '/.//evil.example/x',
    '/%2e//evil.example/x',
    '/%2E//evil.example/x',
    '/..//evil.example/x',
    '/./\\evil.example',
    '/.\\/evil.example',
    '/%2e%2e//evil.example',
    '/a/..//evil.example',
    '/\t.//evil.example',
    '/\r\n//evil.example',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https:/evil.example',
    'https:evil.example',
    '\\/evil.example',
  ])('falls back to / for %j', (input) => {
    expect(safeReturnUrl(input)).toBe('/');
  });

  it('uses the given fallback', () => {
    expect(safeReturnUrl('//evil.example', '/home')).toBe('/home');
  });
});

describe('paths.login', () => {
  it('carries a safe returnUrl, encoded', () => {
    expect(paths.login('/projects?tab=all')).toBe('/login?returnUrl=%2Fprojects%3Ftab%3Dall');
  });
  it('drops an unsafe or default returnUrl', () => {
    expect(paths.login('https://evil.example')).toBe('/login');
    expect(paths.login('/')).toBe('/login');
    expect(paths.login()).toBe('/login');
  });
});

describe('paths.maintenance', () => {
  it('keeps where the user was when it is a path on this site', () => {
    expect(paths.maintenance('/projects?tab=all')).toBe('/maintenance?from=%2Fprojects%3Ftab%3Dall');
  });
  it.each([
    '/.//evil.example/x',
    '/%2e//evil.example',
    '//evil.example',
    'https://evil.example',
    'javascript:alert(1)',
  ])('drops the hostile %j', (from) => {
    expect(paths.maintenance(from)).toBe('/maintenance');
  });
});
