import { z } from 'zod';
import { ruleParams } from '@shared/rules';
import { egyptMobile, email, password, shortText } from '@shared/schemas/common';
import { isParentCode, normaliseParentCode } from '@/lib/parent-code';

/**
 * Issue 43: a parent's sign-up form — the student's fields without the school year, and the
 * invite code their child made (typed any way; sent as the server reads it, lib/parent-code.ts).
 */
export const parentSignUpForm = z
  .object({
    firstName: shortText(50),
    lastName: shortText(50),
    email,
    password,
    confirm: z.string(),
    mobileNumber: egyptMobile,
    parentCode: z.string().trim().min(1).refine(isParentCode, ruleParams('invalid')).transform(normaliseParentCode),
  })
  .refine((b) => b.password === b.confirm, {
    path: ['confirm'],
    when: ({ value }) => typeof (value as { password?: unknown })?.password === 'string' && typeof (value as { confirm?: unknown })?.confirm === 'string',
    ...ruleParams('password.match'),
  });
export type ParentSignUpInput = z.input<typeof parentSignUpForm>;
