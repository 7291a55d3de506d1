import { describe, expect, it } from 'vitest';
import { ForgotPasswordSchema, ResetLinkSchema, ResetPasswordSchema, SignInSchema, SignUpSchema } from './schemas';

function errorsOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** The forms use the contract's request schemas: failures are its rule codes (contract/fields.ts). */
describe('SignInSchema', () => {
  it('accepts an email and any non-empty password', () => {
    expect(SignInSchema.safeParse({ email: 'demo@example.com', password: 'x' }).success).toBe(true);
  });
  it('requires both fields (conform sends missing for empty inputs)', () => {
    expect(errorsOf(SignInSchema.safeParse({}))).toEqual({
      email: ['required'],
      password: ['required'],
    });
  });
  it.each(['plainaddress', 'a@', '@example.com', '<script>@x', 'a b@example.com'])(
    'rejects the malformed email %s',
    (email) => {
      expect(errorsOf(SignInSchema.safeParse({ email, password: 'x' })).email).toEqual(['email']);
    },
  );
  it('rejects an oversized email and password', () => {
    const errors = errorsOf(
      SignInSchema.safeParse({ email: `${'a'.repeat(250)}@example.com`, password: 'x'.repeat(129) }),
    );
    expect(errors.email).toContain('max:254');
    expect(errors.password).toEqual(['max:128']);
  });
  it('rejects wrong types', () => {
    expect(SignInSchema.safeParse({ email: 42, password: ['a'] }).success).toBe(false);
  });
});

describe('ForgotPasswordSchema', () => {
  it('requires a valid email', () => {
    expect(errorsOf(ForgotPasswordSchema.safeParse({})).email).toEqual(['required']);
    expect(errorsOf(ForgotPasswordSchema.safeParse({ email: 'x' })).email).toEqual(['email']);
    expect(ForgotPasswordSchema.safeParse({ email: ' demo@example.com ' }).data).toEqual({ email: 'demo@example.com' });
  });
});

describe('ResetPasswordSchema', () => {
  const valid = { password: 'Valid-Pass1', token: 'abc', email: 'demo@example.com' };
  it('accepts a strong password with its token and email', () => {
    expect(ResetPasswordSchema.safeParse(valid).success).toBe(true);
  });
  it.each([
    ['Ab1', 'min:8'],
    ['alllowercase', 'uppercase'],
    ['ALLUPPERCASE', 'lowercase'],
  ])('rejects the password %s', (password, message) => {
    expect(errorsOf(ResetPasswordSchema.safeParse({ ...valid, password })).password).toContain(message);
  });
  it('requires the token and a valid email', () => {
    const errors = errorsOf(ResetPasswordSchema.safeParse({ password: valid.password, email: 'bad' }));
    expect(errors.token).toEqual(['required']);
    expect(errors.email).toEqual(['email']);
  });
});

describe('ResetLinkSchema', () => {
  it("checks the link's email and token, not the password still to be typed", () => {
    expect(ResetLinkSchema.safeParse({ email: 'demo@example.com', token: 'abc' }).success).toBe(true);
    expect(errorsOf(ResetLinkSchema.safeParse({ email: 'bad', token: '' }))).toEqual({
      email: ['email'],
      token: ['required'],
    });
  });
});

describe('SignUpSchema', () => {
  const valid = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', password: 'Valid-Pass1' };
  it('accepts a complete sign-up and trims names', () => {
    expect(SignUpSchema.safeParse({ ...valid, firstName: '  Ann ' }).data?.firstName).toBe('Ann');
  });
  it('requires every field, and a blank name is missing', () => {
    const errors = errorsOf(SignUpSchema.safeParse({ firstName: '   ' }));
    expect(errors).toEqual({
      firstName: ['required'],
      lastName: ['required'],
      email: ['required'],
      password: ['required'],
    });
  });
  it('applies every new-password rule', () => {
    expect(errorsOf(SignUpSchema.safeParse({ ...valid, password: 'abc' })).password).toEqual(['min:8', 'uppercase']);
  });
  it('limits name length', () => {
    expect(errorsOf(SignUpSchema.safeParse({ ...valid, lastName: 'x'.repeat(101) })).lastName).toEqual(['max:100']);
  });
});
