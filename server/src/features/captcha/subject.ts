import type { CaptchaAction } from '@answer/contract';
import type { FastifyRequest } from 'fastify';

/** Who an action counter belongs to: the IP for anonymous flows, else the user (domain.md 16.2). */
export function actionSubject(request: FastifyRequest, action: CaptchaAction): string {
  const byIp = action === 'email' || action === 'password' || !request.user;
  return byIp ? `ip:${request.ip}` : `user:${request.user!.id}`;
}
