import { describe, expect, it } from 'vitest';
import { displayNameFor, initialsFor } from './profile';

describe('profile naming', () => {
  it('takes the initials from first and last name', () => {
    expect(initialsFor({ email: 'zed@example.com', firstName: 'ann', lastName: 'lee' })).toBe('AL');
  });

  it.each([
    [null, null],
    ['Ann', null],
    [null, 'Lee'],
    ['  ', 'Lee'],
  ])('falls back to the first two letters of the e-mail (first %s, last %s)', (firstName, lastName) => {
    expect(initialsFor({ email: 'zed@example.com', firstName, lastName })).toBe('ZE');
  });

  it('shows the name, or the local part of the e-mail when there is none', () => {
    expect(displayNameFor({ email: 'zed@example.com', firstName: 'Ann', lastName: 'Lee' })).toBe('Ann Lee');
    expect(displayNameFor({ email: 'zed@example.com', firstName: 'Ann', lastName: null })).toBe('Ann');
    expect(displayNameFor({ email: 'zed.q@example.com', firstName: '', lastName: null })).toBe('zed.q');
  });
});
