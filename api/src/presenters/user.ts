import type { User } from '../contract';
import type { UserRow } from '../db/types';

/** The signed-in user as GET /api/users/me and POST /api/sessions show it. */
export function toUser(u: UserRow): User {
  return { email: u.email, google_user_data: { name: u.name, picture: u.picture } };
}
