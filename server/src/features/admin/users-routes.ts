import {
  adminActivationQuery,
  adminActivationSchema,
  adminAddUserSchema,
  adminAddUsersSchema,
  adminUserPasswordSchema,
  adminUserProfileSchema,
  adminUserRoleSchema,
  adminUsersQuery,
  adminUserStatusSchema,
} from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { activationLink, setUserPassword, setUserProfile } from './users-account.js';
import { addUser, addUsers } from './users-create.js';
import { adminUsersPage, loadRoles } from './users-list.js';
import { changeUserRole, changeUserStatus } from './users-status.js';

/** Admin user management (domain.md 6.7), registered under the admin API prefix; role Admin only. */
export async function adminUserRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const admin = { config: { access: 'admin' as const } };

  app.get('/users/page', admin, async (request, reply) => send(request, reply, await adminUsersPage(runtime, parseInput(adminUsersQuery, request.query))));
  app.get('/roles', admin, async (request, reply) => send(request, reply, await loadRoles(runtime)));

  app.put('/user/status', admin, async (request, reply) => {
    await changeUserStatus(runtime, request.user!, parseInput(adminUserStatusSchema, request.body));
    return send(request, reply, null);
  });
  app.put('/user/role', admin, async (request, reply) => {
    await changeUserRole(runtime, request.user!, parseInput(adminUserRoleSchema, request.body));
    return send(request, reply, null);
  });
  app.post('/user', admin, async (request, reply) => {
    await addUser(runtime, request.user!, parseInput(adminAddUserSchema, request.body));
    return send(request, reply, null);
  });
  app.post('/users', admin, async (request, reply) => {
    await addUsers(runtime, request.user!, parseInput(adminAddUsersSchema, request.body).users);
    return send(request, reply, null);
  });
  app.put('/user/password', admin, async (request, reply) => {
    await setUserPassword(runtime, request.user!, parseInput(adminUserPasswordSchema, request.body));
    return send(request, reply, null);
  });
  app.put('/user/profile', admin, async (request, reply) => {
    await setUserProfile(runtime, request.user!, parseInput(adminUserProfileSchema, request.body));
    return send(request, reply, null);
  });
  app.get('/user/activation', admin, async (request, reply) => {
    const { user_id } = parseInput(adminActivationQuery, request.query);
    return send(request, reply, { activation_url: await activationLink(runtime, request.user!, user_id, false) });
  });
  app.post('/user/activation', admin, async (request, reply) => {
    await activationLink(runtime, request.user!, parseInput(adminActivationSchema, request.body).user_id, true);
    return send(request, reply, null);
  });
}
