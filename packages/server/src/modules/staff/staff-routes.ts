import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { checker } from '../../http/validate.js';
import { siteSender } from '../../mail/site.js';
import { canChangeStaffAccount } from '../../permissions.js';
import { ownerPage } from '../admin/index.js';
import { FIELD_MESSAGES, emailOf } from './input.js';
import { STAFF_ROLES, isStaffRole, roleName } from './roles.js';
import {
  type InvitationRow,
  type StaffAccountRow,
  accountByEmail,
  changeAccount,
  deleteInvitation,
  pendingInvitations,
  removeAccount,
  replaceInvitation,
  staffAccounts,
} from './store.js';
import { INVITATION_LIFETIME_MS } from './tokens.js';

/** The owner's API answers on a locked site too (the owner runs the site while it is locked). */
const OWNER_API = { openWhenLocked: true } as const;

const Invite = Type.Object({ email: Type.Unknown(), role: Type.Unknown() }, { additionalProperties: false });
const Change = Type.Object(
  { role: Type.Optional(Type.Unknown()), notifyNewOrders: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);
const checkInvite = checker(Invite);
const checkChange = checker(Change);
const Id = /^[A-Za-z0-9]{1,64}$/;

function accountView(a: StaffAccountRow, you: string) {
  return {
    id: a.id,
    email: a.email,
    role: a.website_role,
    roleName: roleName(a.website_role),
    created: a.created_on,
    lastSeen: a.last_seen_on,
    notifyNewOrders: a.notify_new_orders === 1,
    isYou: a.id === you,
  };
}

function invitationView(i: InvitationRow, now: number) {
  return {
    id: i.id,
    email: i.email,
    role: i.website_role,
    roleName: roleName(i.website_role),
    invitedBy: i.invited_by,
    created: i.created_on,
    expires: i.expires_on,
    expired: i.expires_on <= now,
  };
}

const idParam = (params: unknown, name: string): string => {
  const id = (params as Record<string, string>)[name] ?? '';
  if (!Id.test(id)) throw new AppError('NOT_FOUND');
  return id;
};

/**
 * The site's staff (docs/owner-api.md "Staff"); only admins (managePermissions) manage it, but every
 * account of the studio may say whether it is mailed about new orders:
 *   GET    /api/owner/staff                        accounts, pending invitations and the roles to choose from
 *   POST   /api/owner/staff/invitations            { email, role } -> 201: the invitation, mailed (7 days)
 *   DELETE /api/owner/staff/invitations/:id        revokes an invitation not accepted yet
 *   PUT    /api/owner/staff/:accountId             { role?, notifyNewOrders? } (openConfig: one's own notifyNewOrders)
 *   DELETE /api/owner/staff/:accountId             removes the account and ends its sessions
 *   GET    /config/staff                           the studio's staff page
 */
export async function staffRoutes(app: FastifyInstance): Promise<void> {
  const { store, clock, mail, config } = app.deps;

  ownerPage(app, { path: '/config/staff', page: 'staff', title: 'Staff', permission: 'managePermissions', context: (_r, s) => ({ timeZone: s.timeZone }) });

  app.get('/api/owner/staff', { config: { ...OWNER_API, permission: 'managePermissions' } }, async (request, reply) => {
    const websiteId = request.site.website.id;
    const [accounts, invitations] = await Promise.all([staffAccounts(store.db, websiteId), pendingInvitations(store.db, websiteId)]);
    const now = clock();
    return reply.header('cache-control', 'no-store').send({
      accounts: accounts.map((a) => accountView(a, request.owner!.accountId)),
      invitations: invitations.map((i) => invitationView(i, now)),
      roles: STAFF_ROLES,
    });
  });

  app.post('/api/owner/staff/invitations', { bodyLimit: 4096, config: { ...OWNER_API, permission: 'managePermissions' } }, async (request, reply) => {
    const s = request.site;
    const body = checkInvite(request.body);
    if (!body.ok) throw new AppError('VALIDATION_FAILED', undefined, body.errors);
    const email = emailOf(body.value.email);
    const errors: Record<string, string> = {};
    if (!email) errors.email = FIELD_MESSAGES.email;
    if (!isStaffRole(body.value.role)) errors.role = FIELD_MESSAGES.role;
    if (!email || !isStaffRole(body.value.role)) throw new AppError('VALIDATION_FAILED', undefined, errors);
    const role = body.value.role;
    if (await accountByEmail(store.db, s.website.id, email)) throw new AppError('STAFF_ACCOUNT_EXISTS');
    const invitedBy = request.owner!.email;
    const baseUrl = app.renderer.originOf(request, s);
    const sender = siteSender(s, baseUrl, config.mailFrom);
    const now = clock();
    const { row } = await store.db.transaction().execute(async (tx) => {
      const made = await replaceInvitation(tx, { websiteId: s.website.id, email, role, invitedBy, now });
      await mail.send(tx, {
        websiteId: s.website.id,
        kind: 'staff-invitation',
        to: email,
        from: sender.from,
        site: sender.site,
        input: {
          email,
          invitedBy,
          roleName: roleName(role),
          acceptUrl: `${baseUrl}/config/invitation?token=${made.token}`,
          lifetimeDays: INVITATION_LIFETIME_MS / 86_400_000,
        },
      });
      return made;
    });
    mail.kick();
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send({ invitation: invitationView(row, now) });
  });

  app.delete('/api/owner/staff/invitations/:id', { config: { ...OWNER_API, permission: 'managePermissions' } }, async (request, reply) => {
    const id = idParam(request.params, 'id');
    if (!(await deleteInvitation(store.db, request.site.website.id, id))) throw new AppError('NOT_FOUND');
    return reply.status(204).send();
  });

  // Declares openConfig: an account sets its own notifyNewOrders; changing a role, or another's
  // settings, needs managePermissions (canChangeStaffAccount).
  app.put('/api/owner/staff/:accountId', { bodyLimit: 4096, config: { ...OWNER_API, permission: 'openConfig' } }, async (request, reply) => {
    const s = request.site;
    const accountId = idParam(request.params, 'accountId');
    const owner = request.owner!;
    if (!canChangeStaffAccount(owner, s.website.id, accountId, { role: (request.body as { role?: unknown } | null)?.role !== undefined })) {
      throw new AppError('PERMISSION_DENIED');
    }
    const body = checkChange(request.body);
    if (!body.ok) throw new AppError('VALIDATION_FAILED', undefined, body.errors);
    const { role, notifyNewOrders } = body.value;
    if (role !== undefined && !isStaffRole(role)) throw new AppError('VALIDATION_FAILED', undefined, { role: FIELD_MESSAGES.role });
    const account = await changeAccount(store, s.website.id, accountId, { role: role as number | undefined, notifyNewOrders });
    return reply.header('cache-control', 'no-store').send({ account: accountView(account, owner.accountId) });
  });

  app.delete('/api/owner/staff/:accountId', { config: { ...OWNER_API, permission: 'managePermissions' } }, async (request, reply) => {
    const accountId = idParam(request.params, 'accountId');
    if (accountId === request.owner!.accountId) throw new AppError('STAFF_REMOVE_SELF');
    await removeAccount(store, request.site.website.id, accountId);
    return reply.status(204).send();
  });
}
