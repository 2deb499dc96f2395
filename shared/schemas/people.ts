import { z } from 'zod';
import { USERS_PAGE_SIZE } from '../constants';
import { ruleParams } from '../rules';
import { nonBlank, password } from './common';

export const updateProfileBody = z
  .object({
    firstName: nonBlank(50),
    lastName: nonBlank(50),
    Password: z.string().min(1).max(128),
    newPassword: password,
    confirmNPassword: z.string().min(1),
  })
  .refine((b) => b.newPassword === b.confirmNPassword, { path: ['confirmNPassword'], ...ruleParams('password.match', { other: 'newPassword' }) });

export const usersQuery = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(USERS_PAGE_SIZE),
});
export const contactBody = z.object({ subject: nonBlank(200), message: nonBlank(5000) });
