import { z } from 'zod';
import { hasControlCharacters } from './fields';

/** POST /api/sessions: the single-use code our OAuth callback handed to /auth/callback. */
export const sessionCreateSchema = z.strictObject({
  code: z
    .string({ error: 'Sign-in code is required' })
    .trim()
    .min(1, 'Sign-in code is required')
    .max(200, 'Sign-in code is not valid')
    .refine((v) => !hasControlCharacters(v), 'Sign-in code is not valid'),
});

export type SessionCreateInput = z.infer<typeof sessionCreateSchema>;
