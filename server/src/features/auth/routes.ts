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
import { doc } from '../openapi/declare.js';

/** Sign-up, sign-in and the e-mail link flows. Login-flow calls stay open on private sites. */
export async function authRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const open = { config: { access: 'none' as const } };
  // Every e-mail this site sends on request counts per address and per account (or target address);
  // a request refused for its input sends nothing and is not counted.
  const mailing = (access: 'none' | 'any-status') => ({
    config: { access, captcha: 'email' as const, limits: ['email_ip' as const, 'email_account' as const], countOn: 'success' as const },
  });

  const registering = { config: { access: 'none' as const, captcha: 'email' as const, limits: ['register_ip' as const], countOn: 'success' as const } };
  app.post('/user/register/email', doc(registering, { body: registerSchema, response: 'LoggedUser', summary: 'Sign up by e-mail' }), async (request, reply) => {
    const userId = await registerByEmail(runtime, parseInput(registerSchema, request.body), { ip: request.ip, lang: request.lang });
    return send(request, reply, await loginResponse(runtime, request, reply, userId));
  });

  // Failed logins count (per address, and per account for the captcha); a success clears them.
  const loggingIn = { config: { access: 'none' as const, captcha: 'password' as const, limits: ['login_ip' as const], countOn: 'failure' as const } };
  app.post('/user/login/email', doc(loggingIn, { body: loginSchema, response: 'LoggedUser', summary: 'Sign in by e-mail' }), async (request, reply) => {
    const userId = await loginByEmail(runtime, parseInput(loginSchema, request.body));
    return send(request, reply, await loginResponse(runtime, request, reply, userId));
  });

  app.get('/user/logout', { config: { access: 'any-status', openapi: { response: null, summary: 'Sign out' } } }, async (request, reply) => {
    await revokeSession(runtime, request.token);
    reply.clearCookie(VISIT_COOKIE, { path: '/' });
    return send(request, reply, null);
  });

  app.post('/user/email/verification', doc(open, { body: codeSchema, response: 'LoggedUser' }), async (request, reply) => {
    const userId = await activateAccount(runtime, parseInput(codeSchema, request.body).code);
    return send(request, reply, await loginResponse(runtime, request, reply, userId));
  });

  app.post('/user/email/verification/send', doc(mailing('any-status'), { body: resendActivationSchema, response: null }), async (request, reply) => {
    parseInput(resendActivationSchema, request.body);
    await resendActivation(runtime, request.user!);
    return send(request, reply, null);
  });

  app.post('/user/password/reset', doc(mailing('none'), { body: passwordResetSchema, response: null }), async (request, reply) => {
    await requestPasswordReset(runtime, parseInput(passwordResetSchema, request.body));
    return send(request, reply, null);
  });

  app.post('/user/password/replacement', doc(open, { body: passwordReplacementSchema, response: null }), async (request, reply) => {
    await replacePassword(runtime, parseInput(passwordReplacementSchema, request.body));
    return send(request, reply, null);
  });

  app.post('/user/email/change/code', doc(mailing('any-status'), { body: emailChangeSchema, response: null }), async (request, reply) => {
    await requestEmailChange(runtime, request.user!, parseInput(emailChangeSchema, request.body));
    return send(request, reply, null);
  });

  app.put('/user/email', doc(open, { body: codeSchema, response: 'LoggedUser' }), async (request, reply) => {
    const userId = await confirmEmailChange(runtime, parseInput(codeSchema, request.body).code);
    return send(request, reply, await loginResponse(runtime, request, reply, userId));
  });
}
