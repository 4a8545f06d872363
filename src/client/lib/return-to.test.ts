import { describe, expect, it } from 'vitest';
import { loginHref, safeReturnPath } from './return-to';

// The redirect parameter of /login must never become an open redirect (issue 17).

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeReturnPath('/patients')).toBe('/patients');
    expect(safeReturnPath('/patients?status=Active&page=2#top')).toBe('/patients?status=Active&page=2#top');
    expect(safeReturnPath('/users/invite')).toBe('/users/invite');
  });

  it('drops anything that leaves the site or is not a path', () => {
    for (const hostile of [
      'https://evil.example/patients', '//evil.example', '//evil.example/patients', '/\\evil.example', '/\t/evil.example',
      'javascript:alert(1)', 'patients', '', ' /patients', 'http:/evil.example', '/%5C%5Cevil.example', null, undefined, 42, ['/patients'],
    ]) {
      const kept = safeReturnPath(hostile);
      if (kept !== null) expect(new URL(kept, 'https://casebridge.example').origin).toBe('https://casebridge.example');
    }
    expect(safeReturnPath('https://evil.example/patients')).toBeNull();
    expect(safeReturnPath('//evil.example')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('javascript:alert(1)')).toBeNull();
  });

  it('never returns to a sign-in page', () => {
    expect(safeReturnPath('/login?redirect=/patients')).toBeNull();
    expect(safeReturnPath('/reset-password?token=x')).toBeNull();
  });
});

describe('loginHref', () => {
  it('carries where to return to and why', () => {
    expect(loginHref('/patients?page=2')).toBe('/login?redirect=%2Fpatients%3Fpage%3D2');
    expect(loginHref('/schedule', true)).toBe('/login?redirect=%2Fschedule&reason=session-ended');
    expect(loginHref('//evil.example', true)).toBe('/login?reason=session-ended');
    expect(loginHref('/dashboard')).toBe('/login');
  });
});
