import type { Admin } from '../contract';
import type { AdminUserRow } from '../db/types';

export const toAdmin = (a: AdminUserRow, youId: number): Admin => ({
  id: a.id,
  email: a.email,
  role: a.role,
  joined: a.user_id !== null,
  is_you: a.user_id === youId,
  created_at: a.created_at.toISOString(),
});
