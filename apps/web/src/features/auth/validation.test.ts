import { describe, expect, it } from 'vitest';
import { validateLogin, validateSecondFactor, validateSignUp } from './validation';

const valid = {
  fullName: 'Mia Becker',
  email: 'mia@example.com',
  username: 'mia.creates',
  password: 'correct horse battery',
};

describe('login validation', () => {
  it('needs an identifier and a password', () => {
    expect(validateLogin({ identifier: '', password: '' })).toEqual({
      identifier: 'Enter your username or e-mail',
      password: 'Enter your password',
    });
    expect(validateLogin({ identifier: '  ', password: 'x' })).toEqual({ identifier: 'Enter your username or e-mail' });
    expect(validateLogin({ identifier: 'mia', password: 'x' })).toEqual({});
  });
});

describe('sign-up validation', () => {
  it('accepts a complete form', () => {
    expect(validateSignUp(valid)).toEqual({});
  });

  it('asks for a password of 12 to 128 characters', () => {
    expect(validateSignUp({ ...valid, password: 'short' }).password).toBe('Password must be at least 12 characters');
    expect(validateSignUp({ ...valid, password: 'x'.repeat(129) }).password).toBe(
      'Password must be at most 128 characters',
    );
    expect(validateSignUp({ ...valid, password: 'x'.repeat(12) }).password).toBeUndefined();
  });

  it('follows the username rule', () => {
    expect(validateSignUp({ ...valid, username: 'ab' }).username).toBe('Username must be at least 3 characters');
    expect(validateSignUp({ ...valid, username: '.mia' }).username).toMatch(/must start with a letter or digit/);
    expect(validateSignUp({ ...valid, username: 'mia creates' }).username).toMatch(/letters, digits/);
  });

  it('needs a valid e-mail address and a name', () => {
    expect(validateSignUp({ ...valid, email: 'mia@' }).email).toBe('Enter a valid e-mail address');
    expect(validateSignUp({ ...valid, fullName: ' ' }).fullName).toBe('Full name is required');
  });
});

describe('second factor', () => {
  it('wants 6 digits from the authenticator app', () => {
    expect(validateSecondFactor('123456', false)).toBeUndefined();
    expect(validateSecondFactor('123 456', false)).toBeUndefined();
    expect(validateSecondFactor('12345', false)).toBe('Enter the 6-digit code from your authenticator app');
    expect(validateSecondFactor('abcdef', false)).toBe('Enter the 6-digit code from your authenticator app');
  });

  it('takes any non-empty backup code', () => {
    expect(validateSecondFactor('ab12-cd34', true)).toBeUndefined();
    expect(validateSecondFactor('  ', true)).toBe('Enter one of your backup codes');
  });
});
