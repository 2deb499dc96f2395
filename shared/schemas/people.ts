import { z } from 'zod';
import { USERS_PAGE_SIZE } from '../constants';
import { nonBlank, password } from './common';

export const updateProfileBody = z
  .object({
    firstName: nonBlank('firstName', 50),
    lastName: nonBlank('lastName', 50),
    Password: z.string().min(1, 'current password is required').max(128),
    newPassword: password,
    confirmNPassword: z.string().min(1, 'confirm new password is required'),
  })
  .refine((b) => b.newPassword === b.confirmNPassword, { message: 'confirmNPassword must match newPassword', path: ['confirmNPassword'] });

export const usersQuery = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(USERS_PAGE_SIZE),
});
export const contactBody = z.object({ subject: nonBlank('subject', 200), message: nonBlank('message', 5000) });
