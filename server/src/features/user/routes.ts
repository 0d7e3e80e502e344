import {
  changePasswordSchema,
  codeSchema,
  notificationConfigSchema,
  updateInterfaceSchema,
  updateProfileSchema,
} from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { currentUserResponse, refreshVisitCookie } from '../auth/common.js';
import { changePassword } from './password.js';
import { loadNotificationConfig, saveNotificationConfig, unsubscribe } from './notification-config.js';
import { updateInterface, updateProfile } from './profile.js';

export async function userRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  // The current user with the token it was asked with (clients store it from here), or null
  // (always null before installation: no session is looked up then).
  app.get('/user/info', { config: { access: 'none', openapi: { response: 'LoggedUser', summary: 'The signed-in user with its token, or null' }, beforeInstall: true } }, async (request, reply) => {
    if (!request.user) return send(request, reply, null);
    await refreshVisitCookie(runtime, request, reply);
    return send(request, reply, await currentUserResponse(runtime, request.user.id, { accessToken: request.token }));
  });

  app.put('/user/info', { config: { access: 'auth', openapi: { body: updateProfileSchema, response: null, summary: 'Update the profile' }, captcha: 'edit_userinfo', countOn: 'success' } }, async (request, reply) => {
    await updateProfile(runtime, request.user!, parseInput(updateProfileSchema, request.body));
    return send(request, reply, null);
  });

  app.put('/user/interface', { config: { access: 'auth', openapi: { body: updateInterfaceSchema, response: null } } }, async (request, reply) => {
    await updateInterface(runtime, request.user!, parseInput(updateInterfaceSchema, request.body));
    return send(request, reply, null);
  });

  app.put('/user/password', { config: { access: 'auth', openapi: { body: changePasswordSchema, response: null }, captcha: 'edit_userinfo' } }, async (request, reply) => {
    await changePassword(runtime, request.user!, request.token, parseInput(changePasswordSchema, request.body));
    return send(request, reply, null);
  });

  app.get('/user/notification/config', { config: { access: 'auth', openapi: { response: 'NotificationConfig' } } }, async (request, reply) =>
    send(request, reply, await loadNotificationConfig(runtime.database, request.user!.id)),
  );

  app.put('/user/notification/config', { config: { access: 'auth', openapi: { body: notificationConfigSchema, response: null } } }, async (request, reply) => {
    await saveNotificationConfig(runtime.database, request.user!.id, parseInput(notificationConfigSchema, request.body));
    return send(request, reply, null);
  });

  app.put('/user/notification/unsubscribe', { config: { access: 'none', openapi: { body: codeSchema, response: null } } }, async (request, reply) => {
    await unsubscribe(runtime.database, parseInput(codeSchema, request.body).code);
    return send(request, reply, null);
  });
}
