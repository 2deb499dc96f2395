import { normaliseEgyptMobile } from '../../shared/schemas/common';

/** What the log-in form's single field holds: an e-mail (any case) or an Egyptian mobile number. */
export type Identifier = { kind: 'email'; email: string } | { kind: 'phone'; phone: string } | { kind: 'unknown'; raw: string };

export function parseIdentifier(raw: string): Identifier {
  const value = raw.trim();
  if (value.includes('@')) return { kind: 'email', email: value.toLowerCase() };
  const phone = normaliseEgyptMobile(value);
  return phone ? { kind: 'phone', phone } : { kind: 'unknown', raw: value.toLowerCase() };
}

/** One key per person however they typed it, for counting failed sign-ins. */
export const identifierKey = (id: Identifier) => (id.kind === 'email' ? id.email : id.kind === 'phone' ? id.phone : id.raw);
