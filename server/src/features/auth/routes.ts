import {
  codeSchema,
  emailChangeSchema,
  loginSchema,
  passwordReplacementSchema,
  passwordResetSchema,
  registerSchema,
  resendActivationSchema,
} from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { revokeSession } from '../../core/session.js';
import { parseInput } from '../../core/validate.js';
import { activateAccount, resendActivation } from './activation.js';
import { loginResponse, VISIT_COOKIE } from './common.js';
import { confirmEmailChange, requestEmailChange } from './email-change.js';
import { loginByEmail } from './login.js';
import { replacePassword, requestPasswordReset } from './recovery.js';
import { registerByEmail } from './register.js';

/** Sign-up, sign-in and the e-mail link flows. Login-flow calls stay open on private sites. */
export async function authRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const open = { config: { access: 'none' as const } };

  app.post('/user/register/email', open, async (request, reply) => {
    const userId = await registerByEmail(runtime, parseInput(registerSchema, request.body), { ip: request.ip, lang: request.lang });
    return send(request, reply, await loginResponse(runtime, request, reply, userId));
  });

  app.post('/user/login/email', open, async (request, reply) => {
    const userId = await loginByEmail(runtime, parseInput(loginSchema, request.body), request.ip);
    return send(request, reply, await loginResponse(runtime, request, reply, userId));
  });

  app.get('/user/logout', { config: { access: 'any-status' } }, async (request, reply) => {
    await revokeSession(runtime.database, request.token);
    reply.clearCookie(VISIT_COOKIE, { path: '/' });
    return send(request, reply, null);
  });

  app.post('/user/email/verification', open, async (request, reply) => {
    const userId = await activateAccount(runtime, parseInput(codeSchema, request.body).code);
    return send(request, reply, await loginResponse(runtime, request, reply, userId));
  });

  app.post('/user/email/verification/send', { config: { access: 'any-status' } }, async (request, reply) => {
    await resendActivation(runtime, request.user!, parseInput(resendActivationSchema, request.body), request.ip);
    return send(request, reply, null);
  });

  app.post('/user/password/reset', open, async (request, reply) => {
    await requestPasswordReset(runtime, parseInput(passwordResetSchema, request.body), request.ip);
    return send(request, reply, null);
  });

  app.post('/user/password/replacement', open, async (request, reply) => {
    await replacePassword(runtime, parseInput(passwordReplacementSchema, request.body));
    return send(request, reply, null);
  });

  app.post('/user/email/change/code', { config: { access: 'any-status' } }, async (request, reply) => {
    await requestEmailChange(runtime, request.user!, parseInput(emailChangeSchema, request.body), request.ip);
    return send(request, reply, null);
  });

  app.put('/user/email', open, async (request, reply) => {
    const userId = await confirmEmailChange(runtime, parseInput(codeSchema, request.body).code);
    return send(request, reply, await loginResponse(runtime, request, reply, userId));
  });
}
