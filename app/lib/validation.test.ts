import { describe, expect, it } from 'vitest';
import { fieldErrorMessage } from './validation';

describe('fieldErrorMessage', () => {
  it('turns contract rule codes into the message templates', () => {
    expect(fieldErrorMessage('required')).toEqual({
      key: 'validation.required',
      values: { limit: undefined, count: undefined },
    });
    expect(fieldErrorMessage('email')).toEqual({
      key: 'validation.regex',
      values: { limit: undefined, count: undefined },
    });
    expect(fieldErrorMessage('uppercase')).toMatchObject({ key: 'validation.regex' });
    expect(fieldErrorMessage('min:8')).toEqual({ key: 'validation.minLength', values: { limit: 8, count: 8 } });
    expect(fieldErrorMessage('max:254')).toEqual({ key: 'validation.maxLength', values: { limit: 254, count: 254 } });
  });

  it("shows the API's own sentences as they came", () => {
    expect(fieldErrorMessage('The email has already been taken.')).toEqual({
      text: 'The email has already been taken.',
    });
    expect(fieldErrorMessage('constructor')).toEqual({ text: 'constructor' });
  });
});
