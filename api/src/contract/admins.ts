import { z } from 'zod';

/**
 * Organisers as a team: who may do what in the admin console. An owner does everything, an
 * editor everything but managing admins, a viewer reads only (every write is refused with
 * ADMIN_TEXTS.viewerRefused). There is always at least one active owner.
 */
export const ADMIN_ROLES = ['owner', 'editor', 'viewer'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  owner: 'Owner',
  editor: 'Editor',
  viewer: 'Viewer',
};

export const ADMIN_TEXTS = {
  viewerRefused: 'Your role is Viewer: you can look at everything but change nothing. Ask an owner to make you an editor.',
  ownerOnly: 'Only an owner can manage admins. Ask an owner to change who has access.',
  lastOwner: 'This is the last owner: make another admin an owner first, so that someone can still manage admins.',
  alreadyAdmin: (email: string) => `${email} is already an admin: change their role in the list instead.`,
  notFound: 'Admin not found: they may have been removed already. Reload the list.',
  namedInConfig: (email: string) =>
    `${email} is named in ADMIN_EMAILS on the server, which makes them an owner at every sign-in: remove the address from ADMIN_EMAILS first, then change their access here.`,
} as const;

const role = z.enum(ADMIN_ROLES, { error: `role must be one of: ${ADMIN_ROLES.join(', ')}` });

/** POST /api/admin/admins: invite an address with a role (it gets an e-mail with the console's address). */
export const adminInviteSchema = z.strictObject({
  email: z
    .string({ error: 'email is required' })
    .trim()
    .toLowerCase()
    .max(254, 'email must be at most 254 characters')
    .pipe(z.email({ error: 'Please enter a valid e-mail address' })),
  role,
});
export type AdminInvite = z.infer<typeof adminInviteSchema>;

/** PUT /api/admin/admins/{id}: a new role. */
export const adminRoleSchema = z.strictObject({ role });

/** One admin as GET /api/admin/admins lists them. */
export const adminSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: role,
  /** False while the invitation waits for its address to sign in for the first time. */
  joined: z.boolean(),
  /** The admin making the request. */
  is_you: z.boolean(),
  created_at: z.string(),
});
export type Admin = z.infer<typeof adminSchema>;
