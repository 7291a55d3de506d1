// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '~/test/render';
import { describeApiError } from './api-errors';
import { HttpError, OfflineError } from './http';
import { LOADING_COUNTDOWN_MS, useLoadingIndicator } from './loading';
import { isPublicPath, paths } from './paths';
import { screenSize } from './screen';

describe('the loading indicator', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function Probe({ active }: { active: boolean }) {
    return <span>{useLoadingIndicator(active) ? 'on' : 'off'}</span>;
  }

  it('comes on at once and goes off only after the countdown', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(<Probe active={false} />));
    await act(async () => root.render(<Probe active />));
    await act(async () => vi.advanceTimersByTime(0));
    expect(container.textContent).toBe('on');
    await act(async () => root.render(<Probe active={false} />));
    await act(async () => vi.advanceTimersByTime(LOADING_COUNTDOWN_MS - 1));
    expect(container.textContent).toBe('on');
    await act(async () => vi.advanceTimersByTime(1));
    expect(container.textContent).toBe('off');
  });

  it('stays on through a burst of requests: one showing, no flicker', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(<Probe active={false} />));
    const seen: string[] = [];
    for (let request = 0; request < 5; request++) {
      await act(async () => root.render(<Probe active />));
      await act(async () => vi.advanceTimersByTime(0));
      seen.push(container.textContent ?? '');
      await act(async () => root.render(<Probe active={false} />));
      await act(async () => vi.advanceTimersByTime(100));
      seen.push(container.textContent ?? '');
    }
    expect(seen.every((state) => state === 'on')).toBe(true);
  });
});

describe('the global error handler words', () => {
  it('stays silent on 401; on 403 gives what the API answered, else the status text', () => {
    expect(describeApiError(new HttpError(401, null))).toBeNull();
    expect(describeApiError(new HttpError(403, { message: 'Only the owner may do this.' }))).toEqual({
      text: 'Only the owner may do this.',
    });
    expect(describeApiError(new HttpError(403, null, false, null, 'Forbidden'))).toEqual({ text: 'Forbidden' });
    expect(describeApiError(new HttpError(403, null))).toEqual({ key: 'errors.refused' });
  });

  it('joins the validation errors of a 422, else the message, else the error serialised', () => {
    const invalid = new HttpError(422, {
      message: 'The given data was invalid.',
      errors: { name: ['The name is required.'], email: ['The email is taken.'] },
    });
    expect(describeApiError(invalid)).toEqual({ text: 'The name is required. The email is taken.' });
    expect(describeApiError(new HttpError(500, { message: 'Server Error' }))).toEqual({ text: 'Server Error' });
    expect(describeApiError(new HttpError(500, null))).toEqual({ text: 'HTTP 500' });
    expect(describeApiError(new OfflineError())).toEqual({ key: 'errors.offline' });
  });
});

describe('paths', () => {
  it('knows a public URL', () => {
    expect(isPublicPath('/public/anything')).toBe(true);
    expect(isPublicPath('/public')).toBe(true);
    expect(isPublicPath('/publication')).toBe(false);
    expect(isPublicPath('/projects')).toBe(false);
  });

  it('sends to maintenance with where the user was, never somewhere else', () => {
    expect(paths.maintenance('/projects?page=2')).toBe('/maintenance?from=%2Fprojects%3Fpage%3D2');
    expect(paths.maintenance('//evil.example')).toBe('/maintenance');
    expect(paths.maintenance('/maintenance?from=%2Fx')).toBe('/maintenance');
    expect(paths.maintenance()).toBe('/maintenance');
  });
});

describe('the screen size', () => {
  it('is the product breakpoints, inclusive', () => {
    expect(screenSize(599)).toMatchObject({ sm: false, md: false });
    expect(screenSize(600)).toMatchObject({ sm: true, md: false });
    expect(screenSize(840)).toMatchObject({ md: true, lg: false });
    expect(screenSize(1280)).toMatchObject({ lg: true, xl: false });
    expect(screenSize(1920)).toMatchObject({ xl: true });
  });
});
