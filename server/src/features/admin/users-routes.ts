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
import type { UserCenterAdminAgent } from '@answer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { send } from '../../core/envelope.js';
import { AppError } from '../../core/errors.js';
import { parseInput } from '../../core/validate.js';
import { doc } from '../openapi/declare.js';
import { activationLink, setUserPassword, setUserProfile } from './users-account.js';
import { addUser, addUsers } from './users-create.js';
import { adminUsersPage, loadRoles } from './users-list.js';
import { changeUserRole, changeUserStatus } from './users-status.js';
import { adminAgentOf } from '../user-center/active.js';

/** Admin user management (domain.md 6.7), registered under the admin API prefix; role Admin only. */
export async function adminUserRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const admin = { config: { access: 'admin' as const } };
  /** What a user centre manages is refused here as the admin pages hide it (GET /user-center/agent, admin). */
  const unlessManagedElsewhere = (allowed: keyof UserCenterAdminAgent) => async (request: FastifyRequest) => {
    if (!(await adminAgentOf(runtime, request))[allowed]) throw new AppError(403, 'error.user_center.managed_there');
  };

  app.get('/users/page', doc(admin, { query: adminUsersQuery, response: 'AdminUserPage' }), async (request, reply) => send(request, reply, await adminUsersPage(runtime, parseInput(adminUsersQuery, request.query))));
  app.get('/roles', doc(admin, { response: 'RoleItem[]' }), async (request, reply) => send(request, reply, await loadRoles(runtime)));

  app.put('/user/status', { ...doc(admin, { body: adminUserStatusSchema, response: null }), preHandler: unlessManagedElsewhere('allow_update_user_status') }, async (request, reply) => {
    await changeUserStatus(runtime, request.user!, parseInput(adminUserStatusSchema, request.body));
    return send(request, reply, null);
  });
  app.put('/user/role', { ...doc(admin, { body: adminUserRoleSchema, response: null }), preHandler: unlessManagedElsewhere('allow_update_user_role') }, async (request, reply) => {
    await changeUserRole(runtime, request.user!, parseInput(adminUserRoleSchema, request.body));
    return send(request, reply, null);
  });
  app.post('/user', { ...doc(admin, { body: adminAddUserSchema, response: null }), preHandler: unlessManagedElsewhere('allow_create_user') }, async (request, reply) => {
    await addUser(runtime, request.user!, parseInput(adminAddUserSchema, request.body));
    return send(request, reply, null);
  });
  app.post('/users', { ...doc(admin, { body: adminAddUsersSchema, response: null }), preHandler: unlessManagedElsewhere('allow_create_user') }, async (request, reply) => {
    await addUsers(runtime, request.user!, parseInput(adminAddUsersSchema, request.body).users);
    return send(request, reply, null);
  });
  app.put('/user/password', { ...doc(admin, { body: adminUserPasswordSchema, response: null }), preHandler: unlessManagedElsewhere('allow_update_user_password') }, async (request, reply) => {
    await setUserPassword(runtime, request.user!, parseInput(adminUserPasswordSchema, request.body));
    return send(request, reply, null);
  });
  app.put('/user/profile', doc(admin, { body: adminUserProfileSchema, response: null }), async (request, reply) => {
    await setUserProfile(runtime, request.user!, parseInput(adminUserProfileSchema, request.body));
    return send(request, reply, null);
  });
  app.get('/user/activation', doc(admin, { query: adminActivationQuery, response: 'ActivationLink' }), async (request, reply) => {
    const { user_id } = parseInput(adminActivationQuery, request.query);
    return send(request, reply, { activation_url: await activationLink(runtime, request.user!, user_id, false) });
  });
  app.post('/user/activation', doc(admin, { body: adminActivationSchema, response: null }), async (request, reply) => {
    await activationLink(runtime, request.user!, parseInput(adminActivationSchema, request.body).user_id, true);
    return send(request, reply, null);
  });
}
