import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateLogin, validateRegister } from '@/pages/auth/auth-validation';

describe('validateLogin', () => {
  it.each([
    'alex@example.com',
    'a.b+tag@mail.example.co',
    "o'neil@example.org",
    'no-at-sign',
    'a@b',
    'a@b.c',
    '.a@example.com',
    'a..b@example.com',
    ' alex@example.com',
    'a@-x.com',
    '',
  ])('judges %j as the zod e-mail check it replaces', (email) => {
    expect(validateLogin({ email, password: 'secret12' }).ok).toBe(z.email().safeParse(email).success);
  });

  it('asks for 6 password characters', () => {
    expect(validateLogin({ email: 'alex@example.com', password: '12345' })).toEqual({
      ok: false,
      errors: { password: 'Password must be at least 6 characters' },
    });
    expect(validateLogin({ email: 'alex@example.com', password: '123456' }).ok).toBe(true);
  });
});

describe('validateRegister', () => {
  it('gives every spec message for bad input', () => {
    expect(validateRegister({ fullName: ' A ', phoneNumber: ' 12345 ', email: 'x', password: '1' })).toEqual({
      ok: false,
      errors: {
        fullName: 'Full name is required',
        phoneNumber: 'Valid phone number required',
        email: 'Valid email required',
        password: 'Password must be at least 6 characters',
      },
    });
  });

  it('sends name and phone number trimmed', () => {
    expect(
      validateRegister({
        fullName: ' Alex Doe ',
        phoneNumber: ' +15551234567 ',
        email: 'alex@example.com',
        password: 'secret12',
      }),
    ).toEqual({
      ok: true,
      values: { fullName: 'Alex Doe', phoneNumber: '+15551234567', email: 'alex@example.com', password: 'secret12' },
    });
  });
});
