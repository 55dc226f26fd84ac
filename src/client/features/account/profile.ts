/** How the My Account page names a customer. */
import type { SessionUser } from '../../../shared/schemas/auth.js';

type NamedUser = Pick<SessionUser, 'email' | 'firstName' | 'lastName'>;

/** The avatar's letters: first and last initials, else the e-mail's first two letters, upper-case. */
export function initialsFor({ email, firstName, lastName }: NamedUser): string {
  const first = firstName?.trim();
  const last = lastName?.trim();
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase();
  return email.slice(0, 2).toUpperCase();
}

/** The name as given, or the local part of the e-mail when the customer has not given one. */
export function displayNameFor({ email, firstName, lastName }: NamedUser): string {
  const name = [firstName?.trim(), lastName?.trim()].filter(Boolean).join(' ');
  return name || email.split('@')[0] || email;
}
