import { actionRecordSchema } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { actionSubject } from './subject.js';
import { captchaRequired, newCaptcha } from './service.js';

export async function captchaRoutes(app: FastifyInstance) {
  // The web asks before showing a form whether the next submission needs a captcha; login forms
  // use it too, so it stays open on private sites.
  app.get('/user/action/record', { config: { access: 'none', openapi: { query: actionRecordSchema, response: 'ActionRecord', summary: 'Whether the next submission needs a captcha' } } }, async (request, reply) => {
    const { action } = parseInput(actionRecordSchema, request.query);
    const verify = await captchaRequired(app.runtime, action, actionSubject(request, action), request.user);
    const captcha = verify ? await newCaptcha(app.runtime) : { captcha_id: '', captcha_img: '' };
    return send(request, reply, { ...captcha, verify });
  });
}
