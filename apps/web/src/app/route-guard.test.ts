import { describe, expect, it } from 'vitest';
import { guardRedirect, showsAppChrome } from './route-guard';

describe('route guard', () => {
  it('sends a visitor without a token from a protected route to login', () => {
    expect(guardRedirect('requires-auth', false)).toBe('/login');
    expect(guardRedirect('requires-auth', true)).toBeNull();
  });

  it('sends a signed-in user from login and signup to home', () => {
    expect(guardRedirect('guest-only', true)).toBe('/');
    expect(guardRedirect('guest-only', false)).toBeNull();
  });

  it('lets everyone see public pages', () => {
    expect(guardRedirect('public', false)).toBeNull();
    expect(guardRedirect('public', true)).toBeNull();
  });

  it('hides header and sidebar on landing, login (and its identity-provider callback) and signup only', () => {
    expect(showsAppChrome('/landing')).toBe(false);
    expect(showsAppChrome('/login')).toBe(false);
    expect(showsAppChrome('/login/oidc-callback')).toBe(false);
    expect(showsAppChrome('/signup/')).toBe(false);
    expect(showsAppChrome('/dashboard')).toBe(true);
    expect(showsAppChrome('/')).toBe(true);
    expect(showsAppChrome('/recent')).toBe(true);
  });
});
