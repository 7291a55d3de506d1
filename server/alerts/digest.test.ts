import { describe, expect, it } from 'vitest';
import { secondsToNextHour } from './digest';

describe('the hourly digest', () => {
  it('goes at the next full hour, whenever the server started', () => {
    expect(secondsToNextHour(Date.parse('2026-11-28T07:59:30Z'))).toBe(30);
    expect(secondsToNextHour(Date.parse('2026-11-28T07:00:00Z'))).toBe(3600);
    expect(secondsToNextHour(Date.parse('2026-11-28T07:59:59.900Z'))).toBe(1);
  });
});
