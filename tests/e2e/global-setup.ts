import type { FullConfig } from '@playwright/test';

/**
 * A run against a server left up from an earlier run (`reuseExistingServer` outside CI) starts
 * from clean rate-limit counters: all tests sign in from one IP, and earlier failures count.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  const response = await fetch(`${baseURL}/dev/rate-limits/reset`, { method: 'POST' });
  if (!response.ok) throw new Error(`Could not reset rate limits: HTTP ${response.status}`);
}
