import { randomBytes } from 'node:crypto';

/**
 * What a sandbox provider remembers of the consents given on its page (decision 025), in this
 * instance's memory: codes (single use, short-lived, bound to the redirect URI), access tokens
 * and refresh tokens, each standing for who consented (`subject`) and what they granted. Also the
 * test controls every sandbox has: tokens that stop working, a rate limit for the next calls.
 */
export interface SandboxGrant {
  subject: string;
  scopes: string[];
  expiresAt: number;
}

export class SandboxGrants {
  private readonly codes = new Map<string, SandboxGrant & { redirectUri: string }>();
  private readonly tokens = new Map<string, SandboxGrant>();
  private readonly refreshTokens = new Map<string, SandboxGrant>();
  private rateLimited = 0;

  constructor(
    private readonly clock: () => number,
    private readonly lifetimes: { codeMs: number; accessSeconds: number; refreshSeconds?: number },
  ) {}

  /** What the consent page's Allow does: a code for `subject` with `scopes`, for `redirectUri`. */
  issueCode(subject: string, scopes: string[], redirectUri: string): string {
    const code = randomBytes(24).toString('base64url');
    this.codes.set(code, { subject, scopes, redirectUri, expiresAt: this.clock() + this.lifetimes.codeMs });
    return code;
  }

  /** The code's grant, once (a code presented is gone, whatever the outcome), if fresh and for this URI. */
  takeCode(code: string | undefined, redirectUri: string | undefined): SandboxGrant | undefined {
    const issued = code ? this.codes.get(code) : undefined;
    if (code) this.codes.delete(code);
    if (!issued || issued.expiresAt <= this.clock() || issued.redirectUri !== redirectUri) return undefined;
    return issued;
  }

  /**
   * New tokens for a grant: an access token (with `prefix`; living `accessSeconds`, the usual
   * lifetime by default), and a refresh token where the provider has them.
   */
  issueTokens(grant: SandboxGrant, prefix: string, accessSeconds = this.lifetimes.accessSeconds) {
    const accessToken = `${prefix}${randomBytes(24).toString('base64url')}`;
    const now = this.clock();
    this.tokens.set(accessToken, { ...grant, expiresAt: now + accessSeconds * 1000 });
    if (this.lifetimes.refreshSeconds === undefined) return { accessToken, refreshToken: undefined };
    const refreshToken = `${prefix}R${randomBytes(24).toString('base64url')}`;
    this.refreshTokens.set(refreshToken, { ...grant, expiresAt: now + this.lifetimes.refreshSeconds * 1000 });
    return { accessToken, refreshToken };
  }

  /** The grant behind an access token, and whether it has stopped working; undefined for an unknown one. */
  accessGrant(token: string | undefined): { grant: SandboxGrant; expired: boolean } | undefined {
    const grant = token ? this.tokens.get(token) : undefined;
    return grant && { grant, expired: grant.expiresAt <= this.clock() };
  }

  /** The grant behind a refresh token still valid. */
  refreshGrant(token: string | undefined): SandboxGrant | undefined {
    const grant = token ? this.refreshTokens.get(token) : undefined;
    return grant && grant.expiresAt > this.clock() ? grant : undefined;
  }

  /** Every access token of `subject` stops working (they logged out there); refresh tokens go on. */
  expire(subject: string) {
    for (const grant of this.tokens.values()) if (grant.subject === subject) grant.expiresAt = 0;
  }

  /** The permission withdrawn from one token's grant (the person's settings at the provider). */
  revoke(token: string, scope: string) {
    const grant = this.tokens.get(token);
    if (grant) grant.scopes = grant.scopes.filter((each) => each !== scope);
  }

  /** The next `calls` API calls answer the provider's rate limit. */
  rateLimit(calls: number) {
    this.rateLimited = calls;
  }

  /** Whether this call is one of them. */
  takeRateLimited(): boolean {
    if (this.rateLimited <= 0) return false;
    this.rateLimited -= 1;
    return true;
  }
}
