// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { pathOf, paths, whereToAttachChannels } from './paths';

describe('pathOf: the return address a guard sends to sign-in', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('keeps the fragment of the address being opened, which the loader request leaves out', () => {
    window.history.replaceState(null, '', '/troubleshooting#convert');
    const request = new Request('http://localhost/troubleshooting');
    expect(pathOf(request)).toBe('/troubleshooting#convert');
    expect(paths.login(pathOf(request))).toBe('/login?returnUrl=%2Ftroubleshooting%23convert');
  });

  it('keeps the query beside it', () => {
    window.history.replaceState(null, '', '/projects?page=2#top');
    expect(pathOf(new Request('http://localhost/projects?page=2'))).toBe('/projects?page=2#top');
  });

  it("takes no fragment from another page than the request's", () => {
    window.history.replaceState(null, '', '/login#form');
    expect(pathOf(new Request('http://localhost/troubleshooting'))).toBe('/troubleshooting');
    window.history.replaceState(null, '', '/troubleshooting?x=1#convert');
    expect(pathOf(new Request('http://localhost/troubleshooting'))).toBe('/troubleshooting');
  });
});

describe('whereToAttachChannels', () => {
  const id = '20000000-0000-4000-8000-000000000000';
  it('leads to a first project, the only one’s channels, or the projects to choose among', () => {
    expect(whereToAttachChannels(0, undefined)).toEqual({ step: 'newProject', to: '/projects/new' });
    expect(whereToAttachChannels(1, id)).toEqual({ step: 'projectChannels', to: `/projects/${id}/channels` });
    expect(whereToAttachChannels(2, id)).toEqual({ step: 'projects', to: '/projects' });
  });
});
